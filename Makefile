# meditate — build, run, test, bench. Every target installs the Debian packages it needs first.

SWIFT        ?= swift
PREFIX       ?= /usr/local
# A shell that leaves `PREFIX=~/.local` as it is (zsh, sh) would install into a folder named ~.
override PREFIX := $(patsubst ~/%,$(HOME)/%,$(patsubst ~,$(HOME),$(PREFIX)))
ARGS         ?= --help

# C libraries the engine links against (headers and pkg-config files).
BUILD_PACKAGES := pkg-config libasound2-dev libpulse-dev libmpg123-dev libsndfile1-dev libsoxr-dev \
                  libebur128-dev libsqlite3-dev libgcrypt20-dev libid3tag0-dev \
                  libsystemd-dev libqrencode-dev libmosquitto-dev binutils
# What the tests play to and record from: a private PulseAudio server with a null sink, parec
# to record its monitor, ALSA's pulse plugin (ALSA's file, tee and null come with libasound2), and
# tmux, a terminal that a test can close under a sit, zbarimg, which reads back the pairing
# QR code the terminal shows, and the headless browser the phone's page is tested in (Chromium
# driven through Selenium, with axe-core for accessibility: TEST_PYTHON from PyPI), and an MQTT
# broker with its command-line clients, started privately on loopback as Home Assistant's would be
# (openssl makes its certificate for the TLS test), and a Snapcast server with two of its clients,
# on a loopback port, playing into the private PulseAudio server as two rooms; and sqlite3,
# which checks a database the service was killed over; faketime, which sets the clock under a
# service; what builds the Debian package and proves it on a clean Debian made by debootstrap; the
# validators of the desktop entry and the AppStream metainfo it installs; and a private D-Bus
# (dbus-daemon) with python3-dbusmock's logind and notification daemon, and playerctl, the client
# that drives the media player controls; and what cross-builds the arm64 package and proves it on
# a Debian 13 for arm64 under emulation (mmdebstrap, the aarch64 binutils, qemu-user-static with
# binfmt-support, arch-test, which mmdebstrap asks for); and PipeWire as a desktop runs it
# (pipewire, its session manager wireplumber, pipewire-pulse), started by each test of it; the
# iCalendar parser that reads the history's calendar back (python3-icalendar, /usr/bin/python3's);
# avahi-daemon and avahi-utils, run in two network namespaces joined by a veth pair (iproute2) as
# two hosts that find each other; and two syncthing instances on loopback, carrying two devices'
# history folders between them.
TEST_PACKAGES  := pulseaudio pulseaudio-utils libasound2-plugins tmux zbar-tools chromium chromium-driver sqlite3 \
                  mosquitto mosquitto-clients openssl snapserver snapclient faketime \
                  dpkg-dev lintian debootstrap desktop-file-utils appstream dbus-daemon dbus-bin python3-dbusmock playerctl \
                  mmdebstrap binutils-aarch64-linux-gnu qemu-user-static binfmt-support arch-test \
                  pipewire pipewire-pulse wireplumber man-db fish zsh python3-icalendar \
                  avahi-daemon avahi-utils iproute2 syncthing
TEST_PYTHON    := selenium axe-selenium-python
# Tools the benchmark compares against and uses to make its input (pw-play, in pipewire-bin).
BENCH_PACKAGES := sox libsox-fmt-pulse mpg123 lame ffmpeg pulseaudio pulseaudio-utils python3-numpy \
                  mosquitto mosquitto-clients snapserver snapclient dbus-daemon playerctl \
                  pipewire pipewire-bin pipewire-pulse wireplumber

# The Swift runtime and Foundation are linked into the binary: it then needs no Swift installed
# where it runs (a Raspberry Pi), `--help` takes 13-20 ms instead of 29, and a guided playback
# peaks at 28-31 MiB resident instead of 34: only the code it runs is paged in, where each
# shared library was relocated and paged in 64 KiB at a time.
# lld, which ships with Swift, links it without the warning GNU ld prints for a mktemp call
# inside Foundation.
# The static stdlib's link arguments export every symbol of our own code (-export-dynamic): 20,000
# names that the loader then hashes through for each library symbol it binds, and nothing loads
# a plugin that needs them. Packed relative relocations (RELR, glibc 2.36 and later) shrink the
# 2.4 MiB of relocations the loader reads at every start to 20 KiB. Together: 2 MiB less
# resident in every process, idle service included.
RELR          := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | \
                   awk '{ split($$2, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) \
                          print "-Xlinker -z -Xlinker pack-relative-relocs" }')
# No path of the source tree in the binary: the same commit built in two folders gives the same
# bytes (make check-reproducible). The release builds run with the tree seen at one fixed path,
# /mnt/meditate (scripts/at-fixed-path.sh: swiftc keeps the length of a file's absolute path
# where it cannot be mapped), through `make release` and `make cross-compile`, which are for that
# only. The compilers map it away (a C assert's __FILE__, Swift's
# #filePath); the linker leaves out the debug information, which names it still (the symbols
# stay, for backtraces; the package strips them too), and .swift_modhash (scripts/no-modhash.ld),
# so that the build ID, a hash of the whole, is the same too.
PREFIX_MAP    := -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. -Xcc -ffile-prefix-map=$(CURDIR)=. \
                 -Xcxx -ffile-prefix-map=$(CURDIR)=. -Xlinker --strip-debug \
                 -Xlinker -T -Xlinker $(CURDIR)/scripts/no-modhash.ld
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic $(RELR) \
                 $(PREFIX_MAP)
TEST_FLAGS    := -c release -Xswiftc -enable-testing --scratch-path .build-test
BIN            = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)

.PHONY: all deps packages build release cross-toolchain cross-compile run test test-tsan lint bench fuzz stage install uninstall deb cross-build cross-stage check-reproducible clean-cross sounds clean

all: build

# Installs whatever of $(1) is missing (as root, or through sudo).
define ensure_packages
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO=sudo; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

deps:
	$(call ensure_packages,$(BUILD_PACKAGES))

# The Debian packages each target installs when missing (the README points here: one list).
packages:
	@echo "build (make build, run, install, deb): $(BUILD_PACKAGES)"
	@echo "package (make deb):                    $(DEB_PACKAGES)"
	@echo "arm64 package (make deb ARCH=arm64):   $(CROSS_PACKAGES)"
	@echo "tests (make test):                     $(TEST_PACKAGES)"
	@echo "benchmark (make bench):                $(BENCH_PACKAGES)"

build: deps
	scripts/at-fixed-path.sh $(MAKE) --no-print-directory release PRODUCTS=meditate
	@# install, not cp: it replaces a sound instead of rewriting it in place, under a session
	@# that plays it from the mapped file.
	@install -d "$(BIN)/sounds" && install -m 644 Sounds/*.wav "$(BIN)/sounds/"
	@install -d "$(BIN)/web" && install -m 644 Web/* "$(BIN)/web/"

# (Run by scripts/at-fixed-path.sh for build, stage and sounds.)
PRODUCTS ?= meditate
release:
	@for product in $(PRODUCTS); do $(SWIFT) build $(RELEASE_FLAGS) --product $$product || exit 1; done

run: build
	"$(BIN)/meditate" $(ARGS)

# Tests that play in real time and measure it (gongs on time, a fade within a second, a seek's
# length): they run after the rest, because the rest running beside them (renders of hours,
# sessions on devices that never wait, at real-time priority) starves the sound server and them
# of the CPU on a 2-core machine. They mostly wait for a sound server's clock, so they run as four
# groups at once (scripts/realtime-groups.sh), each one test at a time on a private server of its
# own; the groups take about as long, some 5.5 to 6.5 minutes each, where two groups took 11 and
# one 22. Only builds at a lower priority run beside them. A test is moved between groups by its
# name where a group runs half a minute longer than the rest (seen at 21e215e: 6:32 against
# 6:17, 5:51 and 5:53): the longest group is the phase's length.
# (ServiceLiveTests' 75 s of kills and 85 s of a clock set under waiting bells run in the third
# group, and its 10 s of a full disk in the first, to even the groups out; of UntilLiveTests'
# two 19 s, one runs in the third group and one in the fourth)
REALTIME_SLOW := ServiceLiveTests/killsAtRandomMomentsLoseLessThanFiveSeconds|ServiceLiveTests/bellsRingAtTheirInstantWhenTheClockIsSet
REALTIME_FULL_DISK := ServiceLiveTests/finalRecordLandsWhenTheDiskHasRoomAgain
REALTIME_1 := WebPageTests|$(REALTIME_FULL_DISK)
REALTIME_2 := ServiceLiveTests|DesktopBusLiveTests
REALTIME_2_SKIP := $(REALTIME_SLOW)|$(REALTIME_FULL_DISK)
REALTIME_3 := $(REALTIME_SLOW)|LiveSitTests|TerminalLineTests|HistoryCommandTests/sigtermRecordsPartial|ServiceMQTTLiveTests|UntilLiveTests/terminalSitEndsOnTheSecond
REALTIME_4 := PipeWireLiveTests|GermanEverywhereTests|LiveSessionTests|GuidedLiveTests|SessionSurvivalTests|SnapcastLiveTests|MediaPlayerLiveTests|UntilLiveTests/serviceSitEndsOnTheSecond
REALTIME_TESTS := $(REALTIME_1)|$(REALTIME_2)|$(REALTIME_3)|$(REALTIME_4)
# The package (`make deb`) on a clean Debian, and `make install`/`uninstall`: last, once the
# release build and the Debian tree, made beside the real-time tests, are there.
PACKAGE_TESTS  := DebianPackageTests|Arm64PackageTests|MakeInstallTests
# Left out of the release build's run: the thread ownership checks compile to nothing there;
# they run in ThreadSanitizer's debug build (TSAN_TESTS).
RELEASE_SKIP   := ThreadOwnerTests|RenderThreadCheckTests
# Left out under ThreadSanitizer: the WebSocket's pings take 30 s of waiting for one event
# loop's own timer (no second thread to race), and run in the first phase; so do the tests that
# time the service against a hostile client (a deep line answered in half a second, millions of
# pings, the CPU of 1100 idle connections, SIGTERM within a second while a bed is measured),
# which the sanitizer's own slowness (5 to 15 times) would fail, where they measure the release
# build's.
TSAN_SKIP      := sigtermDuringAPreparationEndsAtOnce|quietPeersArePingedAndDeadOnesClosed|deepNestingIsRefusedAtOnce|unreadPongsAreBounded|connectionsBeyondTheDescriptorLimitCostNothing
TSAN_RUN        = scripts/with-test-pulse.sh $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --skip-build
TSAN_PHASE      = scripts/logged.sh .build-tsan/phase-tsan.log $(TSAN_RUN) --filter '$(TSAN_TESTS)' --skip '$(TSAN_SKIP)'
TSAN_LIVE_PHASE = scripts/logged.sh .build-tsan/phase-tsan-live.log $(TSAN_RUN) --filter 'LiveSessionTests|GuidedLiveTests' \
                  --no-parallel
TSAN_TESTS     := ServicePreparationTests|LiveDriverTests|LiveEngineTests|LiveSessionMockTests|UnpacedDeviceTests|ThreadOwnerTests|RenderThreadCheckTests|SPSCRingTests|RetainingRingTests|OutputHistoryTests|MixerRendererTests|CancelPendingTests|DecoderSampleCountTests|TrackStreamerTests|ServiceProtocolTests|ServiceWebSocketTests|ServiceHookTests|ScheduleCommandTests|ServiceMQTTTests|MediaPlayerBusTests|MediaPlayerBridgeTests|ReminderNotificationTests|PracticeJournalTests|HistorySyncTests/serviceReadsAnotherDevicesSit

# The whole suite (release build, in .build-test so that it and `make build` do not rebuild each
# other's flags: the timing tests render hours of audio) with a private PulseAudio server (see
# scripts/with-test-pulse.sh), then the threaded code under ThreadSanitizer in a build folder of
# its own: the ring buffer's two-thread stress test, the mixer, the decode-ahead thread (with
# seeks), the track streamer, the live driver's threads, the media player's bus thread and the
# bridges that feed it and the notifier (a reminder's Sit now arrives on the notifier's thread).
# Every tool a test drives is installed here, so none may be missing: MEDITATE_TEST_REQUIRE_TOOLS
# makes a test whose tool is absent fail instead of skipping, and scripts/count-skips.sh fails
# the run if any test was skipped at all (each phase's output is logged for it).
export MEDITATE_TEST_REQUIRE_TOOLS := 1
TEST_LOGS := .build-test/phase-*.log .build-tsan/phase-*.log
PHASES    := $(addprefix .build-test/phase-,build.log tsan-build-wait.log parallel.log realtime-1.log \
               realtime-2.log realtime-3.log realtime-4.log package-wait.log) .build-tsan/phase-tsan.log \
             .build-tsan/phase-tsan-live.log .build-test/phase-package.log
test: deps
	$(call ensure_packages,$(TEST_PACKAGES))
	@python3 -c 'import selenium, axe_selenium_python' 2>/dev/null || \
	  { echo "installing (PyPI): $(TEST_PYTHON)"; python3 -m pip install -q --root-user-action=ignore $(TEST_PYTHON); }
	@mkdir -p .build-test .build-tsan && rm -f $(TEST_LOGS) $(addsuffix .seconds,$(TEST_LOGS)) .build-test/*.status .build-tsan/*.status
	@# The arm64 toolchain, made once (minutes of fetching and unpacking from the Debian archive,
	@# little CPU), from the start at the lowest priority; the cross build below waits for it.
	@{ nice -n 19 $(MAKE) --no-print-directory cross-toolchain > .build-test/cross-toolchain.log 2>&1 & \
	   echo $$! > .build-test/cross-toolchain.pid; }
	@# The ThreadSanitizer build, from the start beside the release build (two builds on two cores
	@# take about as long as one after the other), waited for before the first tests run: no
	@# test then waits for a build. Its output: .build-tsan/build.log.
	@{ { $(SWIFT) build --sanitize=thread --scratch-path .build-tsan --build-tests > .build-tsan/build.log 2>&1; \
	     echo $$? > .build-tsan/build.status; } & echo $$! > .build-tsan/build.pid; }
	scripts/logged.sh .build-test/phase-build.log $(SWIFT) build $(TEST_FLAGS) --build-tests
	@started=$$(date +%s); pid=$$(cat .build-tsan/build.pid); while kill -0 $$pid 2>/dev/null; do sleep 2; done; \
	  echo $$(($$(date +%s) - started)) > .build-test/phase-tsan-build-wait.log.seconds; \
	  if [ "$$(cat .build-tsan/build.status 2>/dev/null)" = 0 ]; then tail -n 1 .build-tsan/build.log; \
	  else cat .build-tsan/build.log; exit 1; fi
	scripts/logged.sh .build-test/phase-parallel.log scripts/with-test-pulse.sh $(SWIFT) test $(TEST_FLAGS) \
	  --skip-build --skip '$(REALTIME_TESTS)|$(RELEASE_SKIP)|$(PACKAGE_TESTS)'
	@# Beside the real-time tests, at nice 19: the release build's stage (make stage) with the
	@# Debian 12 and 13 trees (scripts/debian-tree.sh; .build-test/trees.log), and the arm64 cross
	@# build with its Debian 13 arm64 tree (.build-test/cross.log); both are waited for only before
	@# PACKAGE_TESTS. (ThreadSanitizer's tests beside them, even at nice 10, made a SIGTERM miss its
	@# second and Snapcast's rooms miss bells: they run after them.) The test bundle is run
	@# directly: two `swift test` on one build folder wait for each other.
	@echo "REALTIME_1 to REALTIME_4 --no-parallel at once (the lines of groups 2 to 4 marked [N]), beside nice -n 19 make stage, make cross-build and scripts/debian-tree.sh …"
	@{ nice -n 19 $(MAKE) --no-print-directory stage && \
	    nice -n 19 scripts/debian-tree.sh .build-test/debian-bookworm && \
	    nice -n 19 scripts/debian-tree.sh .build-test/debian-trixie trixie; \
	    echo $$? > .build-test/trees.status; } > .build-test/trees.log 2>&1 & echo $$! > .build-test/trees.pid; \
	  { toolchain=$$(cat .build-test/cross-toolchain.pid); while kill -0 $$toolchain 2>/dev/null; do sleep 2; done; \
	    cat .build-test/cross-toolchain.log; \
	    nice -n 19 $(MAKE) --no-print-directory cross-build && \
	    nice -n 19 scripts/debian-tree.sh .build-test/debian-trixie-arm64 trixie arm64; } \
	    > .build-test/cross.log 2>&1 & echo $$! > .build-test/cross.pid; \
	  REALTIME_FILTER_1='$(REALTIME_1)' REALTIME_FILTER_2='$(REALTIME_2)' REALTIME_SKIP_2='$(REALTIME_2_SKIP)' \
	  REALTIME_FILTER_3='$(REALTIME_3)' REALTIME_FILTER_4='$(REALTIME_4)' \
	    scripts/realtime-groups.sh "$$($(SWIFT) build $(TEST_FLAGS) --show-bin-path)/meditatePackageTests.xctest" .build-test 4
	@# The stage, the Debian trees and the arm64 build, begun beside the real-time tests, are
	@# waited for before ThreadSanitizer's tests, which then have the machine to themselves: beside
	@# the arm64 build at nice 19 they took 7 min 18 s (4 min 28 s to 5 min 42 s alone), and once a
	@# pause on PulseAudio under it came 10 ms late.
	@started=$$(date +%s); for job in trees cross; do pid=$$(cat .build-test/$$job.pid); \
	    while kill -0 $$pid 2>/dev/null; do sleep 2; done; done; \
	  echo $$(($$(date +%s) - started)) > .build-test/phase-package-wait.log.seconds; \
	  if [ "$$(cat .build-test/trees.status 2>/dev/null)" = 0 ]; then \
	    tail -n 1 .build-test/trees.log; else cat .build-test/trees.log; exit 1; fi; \
	  if grep -q '^glibc: ' .build-test/cross.log && [ -f .build-test/debian-trixie-arm64/.complete ]; then \
	    grep '^glibc: \|^cross toolchain ready' .build-test/cross.log; else cat .build-test/cross.log; exit 1; fi
	$(TSAN_PHASE)
	$(TSAN_LIVE_PHASE)
	scripts/logged.sh .build-test/phase-package.log $(SWIFT) test $(TEST_FLAGS) --skip-build --no-parallel \
	  --filter '$(PACKAGE_TESTS)'
	@scripts/count-skips.sh $(TEST_LOGS)
	@# How long each phase took (the builds and trees beside the real-time tests are in their logs),
	@# and the tests' own part: the parallel phase, the real-time groups (at once), and the
	@# ThreadSanitizer phases.
	@scripts/phase-times.sh $(PHASES)
	@t() { cat "$$1.seconds"; }; rt=0; for n in 1 2 3 4; do s=$$(t .build-test/phase-realtime-$$n.log); \
	  [ $$s -gt $$rt ] && rt=$$s; done; \
	  total=$$(( $$(t .build-test/phase-parallel.log) + rt + $$(t .build-tsan/phase-tsan.log) + \
	    $$(t .build-tsan/phase-tsan-live.log) )); \
	  printf '%-24s %3d min %2d s\n' "tests (wall clock)" $$((total / 60)) $$((total % 60))

test-tsan: deps
	$(call ensure_packages,$(TEST_PACKAGES))
	$(SWIFT) build --sanitize=thread --scratch-path .build-tsan --build-tests
	@mkdir -p .build-tsan && rm -f .build-tsan/phase-*.log
	$(TSAN_PHASE)
	$(TSAN_LIVE_PHASE)

# The formatting and the lint rules of .swift-format (swift-format comes with the Swift
# toolchain); `swift format format --in-place --recursive Sources Tests Fuzz Package.swift` fixes
# what it can.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Fuzz Package.swift

# libFuzzer on what reads a file a person hands over (Fuzz/): the decoders (MP3, WAV, FLAC,
# Ogg, AIFF, tags) from the committed fixtures, and config.toml from Fuzz/Seeds/config; and on
# what comes from the network (WireReplay: a Unix socket's lines, an HTTP request, WebSocket
# frames, an MQTT payload) from Fuzz/Seeds/{rpc,http,websocket,mqtt}; FUZZ_SECONDS each. The
# corpus grows in .build-fuzz/corpus; an input that crashes, hangs, lets an unplayable sample
# through or breaks the protocol lands in .build-fuzz/findings, and belongs, once fixed, in
# Fuzz/Seeds (`make test` replays them). Leak reports are off: libvorbis leaks on some damaged
# Ogg files.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -c release --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
FUZZ_WIRE    := UnixSocket:rpc HTTP:http WebSocket:websocket MQTT:mqtt
fuzz: deps
	cd Fuzz && $(SWIFT) build $(FUZZ_FLAGS)
	mkdir -p .build-fuzz/corpus/decoders .build-fuzz/corpus/config .build-fuzz/findings
	bin=$$(cd Fuzz && $(SWIFT) build $(FUZZ_FLAGS) --show-bin-path) && export ASAN_OPTIONS=detect_leaks=0 && \
	  "$$bin/FuzzDecoders" .build-fuzz/corpus/decoders Tests/DecodersTests/Fixtures -max_total_time=$(FUZZ_SECONDS) \
	    -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -artifact_prefix=.build-fuzz/findings/decoders- && \
	  "$$bin/FuzzConfig" .build-fuzz/corpus/config Fuzz/Seeds/config -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=4096 -detect_leaks=0 -artifact_prefix=.build-fuzz/findings/config- && \
	  for target in $(FUZZ_WIRE); do name=$${target%%:*}; seeds=$${target##*:}; \
	    mkdir -p .build-fuzz/corpus/$$seeds && \
	    "$$bin/Fuzz$$name" .build-fuzz/corpus/$$seeds Fuzz/Seeds/$$seeds -max_total_time=$(FUZZ_SECONDS) \
	      -timeout=10 -max_len=8192 -detect_leaks=0 -artifact_prefix=.build-fuzz/findings/$$seeds- || exit 1; \
	  done

bench: build
	$(call ensure_packages,$(BENCH_PACKAGES))
	scripts/with-test-pulse.sh scripts/bench.sh "$(BIN)/meditate"

# What `make install` and `make deb` install, laid out once under .build/stage (scripts/stage.sh):
# the stripped binary, sounds, the page, man pages and completions made from the command
# definitions, the icon and the systemd units.
VERSION     := $(shell sed -n 's/^ *\(package \)\{0,1\}static let number = "\(.*\)"/\2/p' Sources/Settings/MeditateVersion.swift)
STAGE       := .build/stage
# The packages' file times: the commit's (or, outside a git checkout, the changelog's), which
# dpkg-deb clamps every member to.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || \
                       date -u -d "$$(sed -n 's/^ -- .*>  //p' packaging/changelog | head -n 1)" +%s)
export SOURCE_DATE_EPOCH
# The man pages' date: the changelog's, so that the same source makes the same pages.
MAN_DATE     = $(shell date -u -d "$$(sed -n 's/^ -- .*>  //p' packaging/changelog | head -n 1)" +%F)
stage: build
	scripts/at-fixed-path.sh $(MAKE) --no-print-directory release PRODUCTS=generate-manual
	scripts/stage.sh "$(BIN)" $(STAGE) $(MAN_DATE)

# `make install` builds as whoever runs it, then copies. `sudo make install` never builds as
# root (a swift installed for you is not on root's PATH, and the build folder would become
# root's): run `make` first, as yourself. PREFIX=~/.local needs no sudo; its user unit goes
# where systemd looks in a home folder, and the system units are left out.
# `make uninstall` (with the same PREFIX) removes exactly what was installed, from the list
# install left in share/meditate/installed-files.
ifeq ($(filter $(HOME)/%,$(PREFIX)),)
USER_UNITS   ?= $(PREFIX)/lib/systemd/user
SYSTEM_UNITS ?= $(PREFIX)/lib/systemd/system
else
USER_UNITS   ?= $(PREFIX)/share/systemd/user
SYSTEM_UNITS ?=
endif
MANIFEST     := $(PREFIX)/share/meditate/installed-files
install:
	@if [ -n "$${SUDO_USER:-}" ] && [ "$$(id -u)" = 0 ] && [ "$$SUDO_USER" != root ]; then \
	  if [ ! -x $(STAGE)/bin/meditate ] || [ -n "$$(find Sources Web Sounds contrib -newer $(STAGE)/bin/meditate -type f | head -n 1)" ]; then \
	    echo "meditate: build first, as yourself: make stage && sudo make install" >&2; exit 1; \
	  fi; \
	else $(MAKE) --no-print-directory stage; fi
	scripts/install-tree.sh $(STAGE) "$(DESTDIR)" "$(PREFIX)" "$(USER_UNITS)" "$(SYSTEM_UNITS)" "$(MANIFEST)"

uninstall:
	scripts/uninstall-tree.sh "$(DESTDIR)" "$(MANIFEST)"

# meditate_VERSION_ARCH.deb in .build/deb (scripts/make-deb.sh): for this machine's architecture,
# or, with ARCH=arm64 on an amd64 Debian, cross-built for Debian 13 on arm64 (a Raspberry Pi 3,
# 4, 5 or Zero 2 W): Debian sid's swiftlang compiles in a sid tree of its own against a Debian
# 13 arm64 sysroot with the arm64 Swift runtime of the same version, both made once in
# CROSS_CACHE (scripts/cross-toolchain.sh, about 4 GB; `make clean-cross` removes it); the
# binary must ask for no newer glibc than Debian 13's. The chroot needs root.
DEB_PACKAGES := dpkg-dev lintian
HOST_ARCH    := $(shell dpkg --print-architecture 2>/dev/null)
ARCH         ?= $(HOST_ARCH)
CROSS_CACHE  ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/meditate-cross
CROSS_PACKAGES := mmdebstrap binutils-aarch64-linux-gnu dpkg-dev
CROSS_STAGE  := .build/stage-arm64
CROSS_FLAGS  := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic \
                -Xlinker -z -Xlinker pack-relative-relocs $(PREFIX_MAP)
# What cannot be built is said before anything is.
ifneq ($(filter deb cross-build cross-stage,$(MAKECMDGOALS)),)
ifneq ($(ARCH),$(HOST_ARCH))
ifneq ($(ARCH)-$(HOST_ARCH),arm64-amd64)
$(error make deb ARCH=$(ARCH) on $(HOST_ARCH): only arm64 is cross-built, on amd64)
endif
ifneq ($(shell id -u),0)
$(error the arm64 build enters a chroot: run it as root (sudo make deb ARCH=arm64))
endif
endif
endif
deb: stage
	$(call ensure_packages,$(DEB_PACKAGES))
ifeq ($(ARCH),$(HOST_ARCH))
	scripts/make-deb.sh $(STAGE) .build/deb $(VERSION)
else
	@$(MAKE) --no-print-directory cross-stage
	scripts/make-deb.sh $(CROSS_STAGE) .build/deb $(VERSION) arm64 "$(CROSS_CACHE)"
endif

# The arm64 binary (CROSS_BIN), built in the toolchain made once in CROSS_CACHE; then it and what
# goes with it staged in CROSS_STAGE, the man pages and completions made by this machine's build
# of the same source.
CROSS_BIN    := .build-arm64/aarch64-unknown-linux-gnu/release
cross-toolchain:
	@[ "$$(id -u)" = 0 ] || { echo "meditate: the arm64 build enters a chroot: run it as root (sudo make deb ARCH=arm64)" >&2; exit 1; }
	$(call ensure_packages,$(CROSS_PACKAGES))
	scripts/cross-toolchain.sh "$(CROSS_CACHE)" $(filter %-dev,$(BUILD_PACKAGES))

cross-build: cross-toolchain
	scripts/at-fixed-path.sh $(MAKE) --no-print-directory cross-compile
	scripts/check-glibc.sh $(CROSS_BIN)/meditate "$(CROSS_CACHE)/sysroot-dpkg/status"

# (Run by scripts/at-fixed-path.sh for cross-build.)
cross-compile:
	scripts/cross-build.sh "$(CROSS_CACHE)" .build-arm64 $(CROSS_FLAGS) --product meditate >/dev/null

cross-stage: stage cross-build
	STRIP=aarch64-linux-gnu-strip scripts/stage.sh $(CROSS_BIN) $(CROSS_STAGE) $(MAN_DATE) "$(BIN)"

# Two `make deb` of this commit, each in a fresh clone of its own (another folder, another
# time), for this machine's architecture and, as root on amd64, for arm64: their packages must
# be byte for byte the same; diffoscope shows any difference (scripts/check-reproducible.sh).
check-reproducible:
	$(call ensure_packages,diffoscope $(DEB_PACKAGES))
	scripts/check-reproducible.sh

clean-cross:
	rm -rf "$(CROSS_CACHE)" .build-arm64

# Regenerates Sounds/ from the synthesis code.
sounds: deps
	scripts/at-fixed-path.sh $(MAKE) --no-print-directory release PRODUCTS=make-sounds
	"$(BIN)/make-sounds" Sounds

clean:
	rm -rf .build .build-test .build-tsan .build-fuzz bench-out
