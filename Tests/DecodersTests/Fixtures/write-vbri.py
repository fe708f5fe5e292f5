"""Puts a Fraunhofer VBRI header frame in front of an MP3 that has no Xing/Info tag (lame -t),
as FhG encoders write it: a silent frame whose data holds "VBRI", the frame and byte counts.

usage: write-vbri.py IN OUT
"""
import struct
import sys

source, target = sys.argv[1:3]
data = open(source, "rb").read()

BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]


def frame_length(header):
    bitrate = BITRATES[(header[2] >> 4) & 0x0F] * 1000
    padding = (header[2] >> 1) & 1
    return 144 * bitrate // 44100 + padding


# Count the MPEG-1 Layer III 44.1 kHz frames the input holds.
frames, offset = 0, 0
while offset + 4 <= len(data) and data[offset] == 0xFF and data[offset + 1] & 0xE0 == 0xE0:
    offset += frame_length(data[offset:offset + 4])
    frames += 1

# The VBRI frame: the first frame's header without padding, 32 bytes of side info (all zero: a
# frame of silence to a decoder that does not know VBRI), then the VBRI fields at offset 36.
header = bytes([data[0], data[1], data[2] & ~0x02, data[3]])
size = frame_length(header)
vbri = b"VBRI" + struct.pack(">HHHIIHHHH", 1, 1105, 75, len(data) + size, frames, 0, 1, 2, 0)
frame = header + bytes(32) + vbri
frame += bytes(size - len(frame))
open(target, "wb").write(frame + data)
print(frames, "audio frames")
