# cvx — build, test, install. See README.md for the two first commands.
CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
PKGS    := libcmark yaml-0.1 libpcre2-8 jansson
WERROR  ?=
CFLAGS  ?= -O2 -g
CVX_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wformat=2 \
	-Ipipeline -Iextractors $(WERROR) \
	$(shell pkg-config --cflags $(PKGS) 2>/dev/null) -MMD -MP
LDLIBS  := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lpthread -lm

LIB_SRC  := $(sort $(filter-out pipeline/main.c,$(wildcard pipeline/*.c)) $(wildcard extractors/*.c))
SCHEMAS  := $(sort $(wildcard schemas/*.json))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/schemas.o
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps check unit asan install uninstall clean demo fuzz bench golden-update
all: $(BUILD)/cvx

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

# The schemas are compiled into the binary, so an installed cvx needs no data files.
$(BUILD)/gen/schemas.c: $(SCHEMAS) schemas/embed.sh
	@mkdir -p $(dir $@)
	sh schemas/embed.sh $@ $(SCHEMAS)

$(BUILD)/gen/schemas.o: $(BUILD)/gen/schemas.c
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/libcvx.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/cvx: $(BUILD)/pipeline/main.o $(BUILD)/libcvx.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(BUILD)/libcvx.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

unit: $(UNIT_BIN)

# Installs the Debian packages and the pinned npm tools the build and tests use.
deps:
	@sh tests/deps.sh

check: deps all unit
	@sh tests/run.sh $(BUILD)

# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer).
asan:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" \
	  LDFLAGS="-fsanitize=address,undefined" all unit
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  sh tests/run.sh build/asan

demo: deps all
	@mkdir -p out
	$(BUILD)/cvx convert -o out fixtures/

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 $(BUILD)/cvx $(DESTDIR)$(PREFIX)/bin/cvx
	install -m 0644 cvx.1 $(DESTDIR)$(PREFIX)/share/man/man1/cvx.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/cvx $(DESTDIR)$(PREFIX)/share/man/man1/cvx.1

# Rewrites the expected outputs of fixtures/ after a reviewed change.
golden-update: all
	@sh tests/golden.sh $(BUILD) --update

clean:
	rm -rf build out/*.json out/*.bib out/*.csv

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
