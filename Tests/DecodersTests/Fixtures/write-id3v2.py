"""Prepends an ID3v2.2 or ID3v2.4 tag to an MP3 (lame writes only v1 and v2.3).

usage: write-id3v2.py VERSION IN OUT TITLE ARTIST ALBUM GENRE COMMENT
"""
import sys

version, source, target, title, artist, album, genre, comment = sys.argv[1:9]
version = int(version)


def synchsafe(n):
    return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])


def text_payload(text):
    # v2.2: ISO-8859-1 (encoding 0); v2.4: UTF-8 (encoding 3).
    return b"\x00" + text.encode("latin-1") if version == 2 else b"\x03" + text.encode("utf-8")


def comment_payload(text):
    head = text_payload("")[:1] + b"eng" + b"\x00"
    return head + (text.encode("latin-1") if version == 2 else text.encode("utf-8"))


def frame(frame_id, payload):
    if version == 2:
        return frame_id.encode() + len(payload).to_bytes(3, "big") + payload
    return frame_id.encode() + synchsafe(len(payload)) + b"\x00\x00" + payload


ids = {2: ["TT2", "TP1", "TAL", "TCO", "COM"], 4: ["TIT2", "TPE1", "TALB", "TCON", "COMM"]}[version]
body = b"".join([
    frame(ids[0], text_payload(title)),
    frame(ids[1], text_payload(artist)),
    frame(ids[2], text_payload(album)),
    frame(ids[3], text_payload(genre)),
    frame(ids[4], comment_payload(comment)),
])
header = b"ID3" + bytes([version, 0, 0]) + synchsafe(len(body))
with open(source, "rb") as f:
    audio = f.read()
with open(target, "wb") as f:
    f.write(header + body + audio)
