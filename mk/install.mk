# Install, uninstall and the DESTDIR install test.
#
#   make install   [PREFIX=/usr/local] [DESTDIR=] [STATIC=1] [STRIP=1] [GPIO_CHIP=/dev/gpiochip0] [GPIO_GROUP=gpio]
#                  [INPUT_GROUP=input]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#
# Layout (PREFIX=/usr/local by default; a distribution package uses PREFIX=/usr):
#   $(PREFIX)/sbin/metrotimerd                       the daemon (a system service: sbin)
#   $(PREFIX)/bin/metrotimer                         the command line (riders: bin)
#   $(PREFIX)/bin/metrotimer-hwcheck                 wiring check without the daemon (needs the GPIO chip)
#   $(PREFIX)/lib/systemd/system/metrotimerd.service searched by systemd for /usr/local and /usr alike
#   $(PREFIX)/lib/sysusers.d/metrotimer.conf         searched by systemd-sysusers for /usr/local and /usr alike
#   $(PREFIX)/share/metrotimer/*.json                network and timetable data
#   $(PREFIX)/share/metrotimer/metrotimer.conf.example  the shipped configuration, always current
#   $(PREFIX)/share/man/man1/metrotimer.1, man1/metrotimer-hwcheck.1, man8/metrotimerd.8
#   $(PREFIX)/share/bash-completion/completions/metrotimer
#   /etc/metrotimer/metrotimer.conf                  only when absent: an edited file is never overwritten
#
# SYSCONFDIR stays /etc whatever the prefix: the unit's ConfigurationDirectory= is /etc/metrotimer.
# STATIC=1 links the Swift standard library statically, so a board needs no Swift runtime; STRIP=1 strips
# the installed programs (about a third of the size; crash backtraces lose their symbol names).
# GPIO_CHIP is the device the unit may open (DeviceAllow=); GPIO_GROUP, when the group exists (it does on
# Raspberry Pi OS, where it owns /dev/gpiochip*), makes the service user a member of it. INPUT_GROUP does the
# same for the group that owns /dev/input/event* (input on Debian and every systemd distribution), so a phone's
# keys and vibrator (hardware = input) can be opened; the unit allows those devices with DeviceAllow=char-input.
# With an empty DESTDIR on a running systemd, install also creates the user (systemd-sysusers) and reloads
# systemd; uninstall never removes the user, the configuration or the state.

PREFIX      ?= /usr/local
DESTDIR     ?=
BINDIR      ?= $(PREFIX)/bin
SBINDIR     ?= $(PREFIX)/sbin
DATAROOTDIR ?= $(PREFIX)/share
DATADIR     ?= $(DATAROOTDIR)/metrotimer
MANDIR      ?= $(DATAROOTDIR)/man
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
UNITDIR     ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
SYSCONFDIR  ?= /etc
GPIO_CHIP   ?= /dev/gpiochip0
GPIO_GROUP  ?= $(shell getent group gpio >/dev/null 2>&1 && echo gpio)
INPUT_GROUP ?= $(shell getent group input >/dev/null 2>&1 && echo input)
STATIC      ?= 0
STRIP       ?= 0
# The build the install copies: release for real installs; the install test reuses the debug build.
INSTALL_CONFIG ?= release
INSTALL      ?= install

ifeq ($(STATIC),1)
STATIC_FLAGS := --static-swift-stdlib
endif
# A real install is linked hardened (Makefile, HARDENING_FLAGS); the install test's debug build stays as built.
ifeq ($(INSTALL_CONFIG),release)
INSTALL_HARDENING := $(HARDENING_FLAGS)
endif

ifeq ($(STRIP),1)
STRIP_FLAG := -s
endif

INSTALL_DATA_FILES := $(notdir $(wildcard Data/*.json))

# Every file install puts down except the /etc configuration (kept by uninstall).
INSTALLED_FILES = \
	$(SBINDIR)/metrotimerd \
	$(BINDIR)/metrotimer \
	$(BINDIR)/metrotimer-hwcheck \
	$(UNITDIR)/metrotimerd.service \
	$(SYSUSERSDIR)/metrotimer.conf \
	$(DATADIR)/metrotimer.conf.example \
	$(addprefix $(DATADIR)/,$(INSTALL_DATA_FILES)) \
	$(MANDIR)/man1/metrotimer.1 \
	$(MANDIR)/man1/metrotimer-hwcheck.1 \
	$(MANDIR)/man8/metrotimerd.8 \
	$(BASHCOMPDIR)/metrotimer

.PHONY: install install-build uninstall test-install

install-build: deps
	$(SWIFT) build -c $(INSTALL_CONFIG) $(STATIC_FLAGS) $(SWIFT_FLAGS) $(INSTALL_HARDENING) --product metrotimerd
	$(SWIFT) build -c $(INSTALL_CONFIG) $(STATIC_FLAGS) $(SWIFT_FLAGS) $(INSTALL_HARDENING) --product metrotimer
	$(SWIFT) build -c $(INSTALL_CONFIG) $(STATIC_FLAGS) $(SWIFT_FLAGS) $(INSTALL_HARDENING) --product metrotimer-hwcheck

install: install-build
	$(INSTALL) -d -m 0755 $(DESTDIR)$(SBINDIR) $(DESTDIR)$(BINDIR) $(DESTDIR)$(UNITDIR) \
		$(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(SYSCONFDIR)/metrotimer
	$(INSTALL) $(STRIP_FLAG) -m 0755 $(BUILD_DIR)/$(INSTALL_CONFIG)/metrotimerd $(DESTDIR)$(SBINDIR)/metrotimerd
	$(INSTALL) $(STRIP_FLAG) -m 0755 $(BUILD_DIR)/$(INSTALL_CONFIG)/metrotimer $(DESTDIR)$(BINDIR)/metrotimer
	$(INSTALL) $(STRIP_FLAG) -m 0755 $(BUILD_DIR)/$(INSTALL_CONFIG)/metrotimer-hwcheck $(DESTDIR)$(BINDIR)/metrotimer-hwcheck
	sed -e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g' -e 's|@GPIO_CHIP@|$(GPIO_CHIP)|g' \
		systemd/metrotimerd.service > $(DESTDIR)$(UNITDIR)/metrotimerd.service.tmp
	chmod 0644 $(DESTDIR)$(UNITDIR)/metrotimerd.service.tmp
	mv $(DESTDIR)$(UNITDIR)/metrotimerd.service.tmp $(DESTDIR)$(UNITDIR)/metrotimerd.service
	{ cat systemd/sysusers.d/metrotimer.conf; \
	  if [ -n "$(GPIO_GROUP)" ]; then printf '%s\n' \
	    '# Added by make install: $(GPIO_GROUP) owns /dev/gpiochip* on this board.' \
	    'm     metrotimer $(GPIO_GROUP)'; fi; \
	  if [ -n "$(INPUT_GROUP)" ]; then printf '%s\n' \
	    '# Added by make install: $(INPUT_GROUP) owns /dev/input/event* (keys and vibrator, hardware = input).' \
	    'm     metrotimer $(INPUT_GROUP)'; fi; } > $(DESTDIR)$(SYSUSERSDIR)/metrotimer.conf.tmp
	chmod 0644 $(DESTDIR)$(SYSUSERSDIR)/metrotimer.conf.tmp
	mv $(DESTDIR)$(SYSUSERSDIR)/metrotimer.conf.tmp $(DESTDIR)$(SYSUSERSDIR)/metrotimer.conf
	$(INSTALL) -m 0644 etc/metrotimer/metrotimer.conf $(DESTDIR)$(DATADIR)/metrotimer.conf.example
	$(if $(INSTALL_DATA_FILES),$(INSTALL) -m 0644 $(addprefix Data/,$(INSTALL_DATA_FILES)) $(DESTDIR)$(DATADIR)/)
	$(INSTALL) -m 0644 docs/man/metrotimer.1 $(DESTDIR)$(MANDIR)/man1/metrotimer.1
	$(INSTALL) -m 0644 docs/man/metrotimer-hwcheck.1 $(DESTDIR)$(MANDIR)/man1/metrotimer-hwcheck.1
	$(INSTALL) -m 0644 docs/man/metrotimerd.8 $(DESTDIR)$(MANDIR)/man8/metrotimerd.8
	$(INSTALL) -m 0644 completions/metrotimer.bash $(DESTDIR)$(BASHCOMPDIR)/metrotimer
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/metrotimer/metrotimer.conf ]; then \
	  echo "install: keeping $(DESTDIR)$(SYSCONFDIR)/metrotimer/metrotimer.conf (the shipped one is $(DATADIR)/metrotimer.conf.example)"; \
	else \
	  $(INSTALL) -m 0644 etc/metrotimer/metrotimer.conf $(DESTDIR)$(SYSCONFDIR)/metrotimer/metrotimer.conf; \
	fi
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then \
	  systemd-sysusers $(SYSUSERSDIR)/metrotimer.conf && systemctl daemon-reload && \
	  echo "install: done. Next: edit $(SYSCONFDIR)/metrotimer/metrotimer.conf, then systemctl enable --now metrotimerd"; \
	elif [ -z "$(DESTDIR)" ]; then \
	  echo "install: systemd is not running here: run 'systemd-sysusers $(SYSUSERSDIR)/metrotimer.conf' on the board before starting the service"; \
	fi

uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then \
	  systemctl disable --now metrotimerd.service 2>/dev/null || true; fi
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	-rmdir $(DESTDIR)$(DATADIR) 2>/dev/null
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo "uninstall: kept $(DESTDIR)$(SYSCONFDIR)/metrotimer, the metrotimer user and its state in /var/lib/metrotimer"

# Installs into a temporary DESTDIR (with INSTALL_CONFIG=debug: the debug build `make test` already made), checks every
# file, mode and placeholder, runs the installed programs, checks an edited config survives a reinstall,
# then uninstalls and checks only the configuration is left.
test-install: build
	sh Tests/install/check-install.sh "$(MAKE)"
TEST_TARGETS += test-install
