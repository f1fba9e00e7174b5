// A fresh process for HeapThresholdsTests: the test process's own heaps hold free runs big enough
// to serve any block from the heap, whatever the thresholds say.
//
// Pins glibc's thresholds (unless given `--unpinned`), frees a 30 MB block (which, unpinned, raises
// them to its size), then allocates 24 MB and prints `mapped` when glibc mapped it on its own, else `heap`.
import Glibc
import TerminalRuntime

if CommandLine.arguments.dropFirst().first != "--unpinned", !HeapThresholds.pin() {
    print("refused")
    exit(2)
}
free(malloc(30 << 20))
guard let block = malloc(24 << 20) else {
    print("no memory")
    exit(3)
}
// glibc marks a block it mapped on its own in the size word before it (IS_MMAPPED, bit 1).
let sizeWord = block.advanced(by: -MemoryLayout<UInt>.size).load(as: UInt.self)
print(sizeWord & 2 != 0 ? "mapped" : "heap")
free(block)
