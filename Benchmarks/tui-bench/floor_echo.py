#!/usr/bin/env python3
"""The pty benchmark's floor: the least a program can do to echo a key, run in the same rounds as
the clients, so the bench can tell what the machine (the scheduler, the pty, the harness) adds to
every client's key -> echo from what a client adds itself.

On a pty in raw mode it writes back every byte it reads at once, with no screen to draw. A line
`stream` makes it print `stream-begin`, then one word every 10 ms (the clients' streaming load,
without their work), then `stream-end`. Ctrl-U forgets the line typed so far.

Usage: floor_echo.py WORDS   (how many words a stream prints)
"""
import os
import select
import sys
import termios
import time
import tty

WORDS = ("order status parcel delivery tracking number refund account payment invoice support agent "
         "shipping address update replacement warranty return label window courier depot schedule").split()


def main():
    stream_words = int(sys.argv[1]) if len(sys.argv) > 1 else 800
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    line = bytearray()
    streamed = None  # words printed so far while a stream runs
    next_word = 0.0
    try:
        os.write(1, b"floor ready\r\n")
        while True:
            timeout = None if streamed is None else max(0.0, next_word - time.monotonic())
            ready, _, _ = select.select([0], [], [], timeout)
            if ready:
                data = os.read(0, 4096)
                if not data:
                    return
                os.write(1, data)
                for byte in data:
                    if byte == 0x15:
                        line.clear()
                    elif byte == 0x0D:
                        if line == b"stream" and streamed is None:
                            os.write(1, b"\r\nstream-begin ")
                            streamed, next_word = 0, time.monotonic() + 0.01
                        elif line == b"quit":
                            return
                        line.clear()
                    else:
                        line.append(byte)
            if streamed is not None and time.monotonic() >= next_word:
                streamed += 1
                word = WORDS[streamed % len(WORDS)].encode()
                os.write(1, word + (b"\r\n" if streamed % 12 == 0 else b" "))
                next_word += 0.01
                if streamed >= stream_words:
                    os.write(1, b"stream-end\r\n")
                    streamed = None
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)


if __name__ == "__main__":
    main()
