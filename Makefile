# `make install PREFIX=~/.local`: one self-contained rest-run with its man page and completions
# (scripts/install says what goes where). `make build` builds it only.
PREFIX ?= /usr/local

.PHONY: install build
install:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install

build:
	BUILD_ONLY=1 scripts/install
