// libqrencode's types only: the library itself is loaded at run time (dlopen), so the release
// executable runs where it is not installed (the sign-in panel then shows no QR code).
#include <qrencode.h>
#include <dlfcn.h>
