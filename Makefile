# `make install PREFIX=~/.local`: one self-contained rest-run with its man page and completions
# (scripts/install says what goes where). `make build` builds it only. `make deb` packages it as
# rest-run_VERSION_ARCH.deb for Debian and Ubuntu (scripts/deb).
PREFIX ?= /usr/local

.PHONY: install build deb
install:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install

build:
	BUILD_ONLY=1 scripts/install

deb:
	scripts/deb
