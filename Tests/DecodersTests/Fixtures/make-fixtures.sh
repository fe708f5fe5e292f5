#!/bin/sh
# Rebuilds the decoder fixtures in this folder (needs sox, lame and python3). The files are
# committed; run this only to change them, and update README.md and the tests with them.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# PCM in every sample format libsndfile reads for us: 12345 frames of a two-tone chord at 48 kHz.
sox -r 48000 -c 2 -n -b 16 "$tmp/chord.wav" synth 12345s sine 440 sine 660 vol 0.5
sox "$tmp/chord.wav" -b 8 -e unsigned-integer pcm-u8.wav
sox "$tmp/chord.wav" -b 16 -e signed-integer pcm-s16.wav
sox "$tmp/chord.wav" -b 24 -e signed-integer pcm-s24.wav
sox "$tmp/chord.wav" -b 32 -e signed-integer pcm-s32.wav
sox "$tmp/chord.wav" -b 32 -e floating-point pcm-f32.wav
sox "$tmp/chord.wav" chord.flac
sox "$tmp/chord.wav" -C 3 chord.ogg

# Mono at 22.05 kHz: 11025 frames (0.5 s), which is 24000 frames at 48 kHz.
sox -r 22050 -c 1 -n -b 16 mono-22k05.wav synth 11025s sine 330 vol 0.5

# MP3: 49997 samples at 44.1 kHz. LAME's Info tag records encoder delay and padding, so a
# gapless decoder returns exactly 49997.
sox -r 44100 -c 2 -n -b 16 "$tmp/tone.wav" synth 49997s sine 440 sine 550 vol 0.5
lame --quiet -b 128 "$tmp/tone.wav" "$tmp/untagged.mp3"
cp "$tmp/untagged.mp3" lame-untagged.mp3
lame --quiet -V 4 "$tmp/tone.wav" vbr-xing.mp3
lame --quiet -b 128 --id3v1-only --tt "Morning Sit" --ta "Ajahn Example" --tl "Retreat Tapes" \
    --tg "Meditative" --tc "recorded 1999" "$tmp/tone.wav" id3v1.mp3
lame --quiet -b 128 --id3v2-only --tt "Evening Sit" --ta "Teacher Two" --tl "Second Album" \
    --tg "New Age" --tc "a v2.3 comment" "$tmp/tone.wav" id3v23.mp3
python3 write-id3v2.py 2 "$tmp/untagged.mp3" id3v22.mp3 "Body Scan" "Old Teacher" "Legacy Tapes" "(45)" "a v2.2 comment"
python3 write-id3v2.py 4 "$tmp/untagged.mp3" id3v24.mp3 "Stille – Übung" "Lehrerin Müller" "Achtsamkeit" "Meditative" "ein v2.4 Kommentar"
# MPEG-2 Layer III: mono 22.05 kHz (at 48 kbps a frame is too small to hold the Info tag).
lame --quiet -b 64 mono-22k05.wav mono-22k05.mp3
# MPEG-2.5 Layer III: one second of mono at 8 kHz; at 32 kbps the Info tag fits, so 8000 exactly.
sox -r 8000 -c 1 -n -b 16 "$tmp/tone8k.wav" synth 8000s sine 300 vol 0.5
lame --quiet -b 32 "$tmp/tone8k.wav" mpeg25-8k.mp3
# VBRI (Fraunhofer's VBR header), which lame does not write: a header frame put in front of
# lame's frames without an Info tag (-t). 45 audio frames of 1152 samples: 51840 frames.
lame --quiet -t -b 128 "$tmp/tone.wav" "$tmp/notag.mp3"
python3 write-vbri.py "$tmp/notag.mp3" vbri.mp3
# A WAV with its tags in an ID3 chunk (as some taggers write them) instead of LIST/INFO.
: > "$tmp/empty"
python3 write-id3v2.py 4 "$tmp/empty" "$tmp/tag.id3" "Yoga Nidra" "Swami Test" "Deep Rest" "Meditative" "wav id3"
python3 - "$tmp/tag.id3" pcm-s16.wav wav-id3.wav <<'PY'
import struct, sys
tag = open(sys.argv[1], "rb").read()
body = open(sys.argv[2], "rb").read()[12:]
chunk = b"id3 " + struct.pack("<I", len(tag)) + tag + (b"\x00" if len(tag) % 2 else b"")
open(sys.argv[3], "wb").write(b"RIFF" + struct.pack("<I", 4 + len(body) + len(chunk)) + b"WAVE" + body + chunk)
PY

# Bad input.
: > empty.mp3
head -c 9000 lame-untagged.mp3 > truncated.mp3
head -c 30000 pcm-s16.wav > truncated.wav
printf 'This is a text file, not an MP3.\n' > text.mp3
