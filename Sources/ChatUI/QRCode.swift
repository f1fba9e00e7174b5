import CQRencode
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A QR code as a square of modules, made by libqrencode (Debian's `libqrencode4`): the sign-in
/// panel draws it so the customer can sign in on a phone.
///
/// The library is loaded when first needed, not linked: the release executable then runs where it is
/// not installed, and the panel shows the link alone (``QRCode/encode(_:)`` answers nil).
package struct QRCode: Sendable, Equatable {
    /// Modules per side.
    package let size: Int
    /// Row-major, true for a dark module.
    private let dark: [Bool]

    /// True when module (`row`, `column`) is dark; false outside the symbol (the quiet zone).
    package func isDark(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return dark[row * size + column]
    }

    /// The code for `text` at error correction level M, or nil when libqrencode is not there or the
    /// text does not fit a QR code.
    package static func encode(_ text: String) -> QRCode? {
        guard let library = QRLibrary.shared else { return nil }
        guard let symbol = text.withCString({ library.encode($0, 0, QR_ECLEVEL_M, QR_MODE_8, 1) }) else { return nil }
        defer { library.free(symbol) }
        let width = Int(symbol.pointee.width)
        guard width > 0, width <= 177, let data = symbol.pointee.data else { return nil }
        // Bit 0 of each byte is the module's colour (1: dark).
        let dark = (0..<(width * width)).map { data[$0] & 1 == 1 }
        return QRCode(size: width, dark: dark)
    }

    /// True when libqrencode could be loaded.
    package static var isAvailable: Bool { QRLibrary.shared != nil }
}

/// libqrencode's two functions, looked up once.
private struct QRLibrary: @unchecked Sendable {
    typealias Encode = @convention(c) (
        UnsafePointer<CChar>?, Int32, QRecLevel, QRencodeMode, Int32
    ) -> UnsafeMutablePointer<CQRencode.QRcode>?
    typealias Free = @convention(c) (UnsafeMutablePointer<CQRencode.QRcode>?) -> Void

    let encode: Encode
    let free: Free

    /// The library, or nil when it cannot be loaded.
    static let shared: QRLibrary? = {
        let names = ["libqrencode.so.4", "libqrencode.so"]
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first,
            let encode = dlsym(handle, "QRcode_encodeString"), let free = dlsym(handle, "QRcode_free")
        else { return nil }
        return QRLibrary(encode: unsafeBitCast(encode, to: Encode.self), free: unsafeBitCast(free, to: Free.self))
    }()
}
