# cvx — build, test, install. See README.md for the two first commands.
CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BUILD   ?= build
PKGS    := libcmark yaml-0.1 libpcre2-8 jansson libxml-2.0 libutf8proc poppler-glib libzip
GEN_PKGS := jansson libutf8proc
CITY_PKGS := geonames libutf8proc
PKG_CONFIG ?= pkg-config
WERROR  ?=
CFLAGS  ?= -O2 -g
# The libraries' flags are read when a compile or link first needs them, once
# (a parse-time $(shell) would run before `make deps` installs them); a
# missing pkg-config or library stops the build at pkg-check with one message.
PKG_CFLAGS = $(eval PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null))$(PKG_CFLAGS)
PKG_LIBS   = $(eval PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null))$(PKG_LIBS)
CVX_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wformat=2 \
	-Ipipeline -Iextractors $(WERROR) $(PKG_CFLAGS) -MMD -MP \
	-fPIC -fvisibility=hidden
LDLIBS  = $(PKG_LIBS) -lbtparse -lpthread -lm

# The library: one set of objects (position-independent, every symbol hidden
# but the CVX_API ones of pipeline/cvx_public.h) makes both libcvx.a and
# libcvx.so.MAJOR.MINOR.PATCH (soname libcvx.so.MAJOR).
VERSION := $(shell sed -n 's/^\#define CVX_LIB_VERSION "\(.*\)"/\1/p' pipeline/cvx_public.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME  := libcvx.so.$(SOMAJOR)
SOFILE  := libcvx.so.$(VERSION)

LIB_SRC  := $(sort $(filter-out pipeline/main.c,$(wildcard pipeline/*.c)) $(wildcard extractors/*.c))
SCHEMAS  := $(sort $(wildcard schemas/*.json))
MODELS   := $(sort $(wildcard pipeline/models/*.model))
ISO_CODES ?= /usr/share/iso-codes/json
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/schemas.o $(BUILD)/gen/venues.o $(BUILD)/gen/places.o \
	$(BUILD)/gen/cities.o $(BUILD)/gen/report_assets.o \
	$(MODELS:pipeline/models/%.model=$(BUILD)/gen/model_%.o)
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps pkg-check check unit asan install uninstall clean demo fuzz bench golden-update \
	fuzz-build fuzz-smoke train eval
all: $(BUILD)/cvx $(BUILD)/$(SOFILE) $(BUILD)/cvx.pc

# Every compile waits for this check (order-only: it never makes an object stale).
pkg-check:
	@PKG_CONFIG='$(PKG_CONFIG)' CC='$(CC)' sh tests/deps.sh --check-build $(PKGS) geonames

$(BUILD)/%.o: %.c | pkg-check
	@mkdir -p $(dir $@)
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

# The schemas are compiled into the binary, so an installed cvx needs no data files.
$(BUILD)/gen/schemas.c: $(SCHEMAS) schemas/embed.sh
	@mkdir -p $(dir $@)
	sh schemas/embed.sh $@ $(SCHEMAS)

$(BUILD)/gen/schemas.o: $(BUILD)/gen/schemas.c | pkg-check
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

# The review site's templates and assets (cvx report), compiled in the same way.
REPORT_ASSETS := $(sort $(wildcard pipeline/report/*.html pipeline/report/*.css pipeline/report/*.js))
$(BUILD)/gen/report_assets.c: $(REPORT_ASSETS) pipeline/report/embed.sh
	@mkdir -p $(dir $@)
	sh pipeline/report/embed.sh $@ $(REPORT_ASSETS)

$(BUILD)/gen/report_assets.o: $(BUILD)/gen/report_assets.c
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

# The venue table (acronym -> type, full name) is data, compiled in the same way.
$(BUILD)/gen/venues.c: pipeline/venues.tsv pipeline/embed_bytes.sh
	@mkdir -p $(dir $@)
	sh pipeline/embed_bytes.sh $@ cvx_venues_tsv pipeline/venues.tsv

$(BUILD)/gen/venues.o: $(BUILD)/gen/venues.c | pkg-check
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

# Trained models (pipeline/models/*.model, made by `make train`) are data,
# compiled in the same way: `make` needs no training.
$(BUILD)/gen/model_%.c: pipeline/models/%.model pipeline/embed_bytes.sh
	@mkdir -p $(dir $@)
	sh pipeline/embed_bytes.sh $@ cvx_model_$*_text $<

$(BUILD)/gen/model_%.o: $(BUILD)/gen/model_%.c | pkg-check
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

# kept after the build: as an intermediate of the pattern rules make would
# delete it, and the next make (make install) would rebuild the library
.SECONDARY: $(MODELS:pipeline/models/%.model=$(BUILD)/gen/model_%.c)

# The place gazetteer: countries and first-level regions (and the names of
# languages) from Debian's iso-codes, written as C by a small build-time tool (built without the
# sanitizer or fuzzer flags of the build it serves: it runs on the host).
$(BUILD)/gen/places_gen: pipeline/gen/places_gen.c pipeline/gen/gen_keys.h pipeline/places.h | pkg-check
	@mkdir -p $(dir $@)
	$(CC) $(CVX_CFLAGS) -O1 -o $@ $< $(shell $(PKG_CONFIG) --cflags --libs $(GEN_PKGS) 2>/dev/null)

$(BUILD)/gen/places.c: $(BUILD)/gen/places_gen $(ISO_CODES)/iso_3166-1.json $(ISO_CODES)/iso_3166-2.json $(ISO_CODES)/iso_639-2.json
	$(BUILD)/gen/places_gen $(ISO_CODES)/iso_3166-1.json $(ISO_CODES)/iso_3166-2.json $(ISO_CODES)/iso_639-2.json > $@.tmp
	@mv $@.tmp $@

$(BUILD)/gen/places.o: $(BUILD)/gen/places.c | pkg-check
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

# The city list: the towns of Debian's geonames library (GeoNames, CC BY 4.0),
# written as C by a build-time tool in the same way (the library's data is
# read at build time only: cvx does not link it).
$(BUILD)/gen/cities_gen: pipeline/gen/cities_gen.c pipeline/gen/gen_keys.h pipeline/places.h | pkg-check
	@mkdir -p $(dir $@)
	$(CC) $(CVX_CFLAGS) -O1 -o $@ $< $(shell $(PKG_CONFIG) --cflags --libs $(CITY_PKGS) 2>/dev/null)

$(BUILD)/gen/cities.c: $(BUILD)/gen/cities_gen
	$(BUILD)/gen/cities_gen > $@.tmp
	@mv $@.tmp $@

$(BUILD)/gen/cities.o: $(BUILD)/gen/cities.c | pkg-check
	$(CC) $(CVX_CFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/libcvx.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/$(SOFILE): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# cvx.pc for `pkg-config --cflags --libs cvx` (--static adds the libraries
# libcvx.a needs)
$(BUILD)/cvx.pc: pipeline/cvx.pc.in pipeline/cvx_public.h Makefile
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(VERSION)|' -e 's|@PKGS@|$(PKGS)|' pipeline/cvx.pc.in > $@

$(BUILD)/cvx: $(BUILD)/pipeline/main.o $(BUILD)/libcvx.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(BUILD)/libcvx.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

unit: $(UNIT_BIN)

# Installs the Debian packages and the pinned npm tools the build and tests use
# (DEPS_SH: the command that does it; tests/build.sh swaps in a stub).
DEPS_SH ?= sh tests/deps.sh
deps:
	@$(DEPS_SH)

# demo and check build in a second make, started once deps is done, so that
# the libraries' flags are read after `make deps` installed them (and never
# alongside it under -j).
check: deps
	@$(MAKE) --no-print-directory all unit
	@sh tests/run.sh $(BUILD)

# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer).
asan:
	@$(MAKE) --no-print-directory BUILD=build/asan \
	  CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined -DCVX_ARENA_POISON" \
	  LDFLAGS="-fsanitize=address,undefined" all unit
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  sh tests/run.sh build/asan

demo: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p out
	$(BUILD)/cvx convert -o out fixtures/

# The binary, the man page, and the library for embedders: libcvx.a,
# libcvx.so (soname $(SONAME)), <cvx.h> (pipeline/cvx_public.h) and cvx.pc.
# (Run ldconfig after installing into a system folder.)
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)
	install -m 0755 $(BUILD)/cvx $(DESTDIR)$(PREFIX)/bin/cvx
	install -m 0644 pipeline/cvx.1 $(DESTDIR)$(PREFIX)/share/man/man1/cvx.1
	install -m 0644 $(BUILD)/libcvx.a $(DESTDIR)$(LIBDIR)/libcvx.a
	install -m 0755 $(BUILD)/$(SOFILE) $(DESTDIR)$(LIBDIR)/$(SOFILE)
	ln -sf $(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libcvx.so
	install -m 0644 pipeline/cvx_public.h $(DESTDIR)$(INCLUDEDIR)/cvx.h
	install -m 0644 $(BUILD)/cvx.pc $(DESTDIR)$(LIBDIR)/pkgconfig/cvx.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/cvx $(DESTDIR)$(PREFIX)/share/man/man1/cvx.1 \
	  $(DESTDIR)$(LIBDIR)/libcvx.a $(DESTDIR)$(LIBDIR)/$(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	  $(DESTDIR)$(LIBDIR)/libcvx.so $(DESTDIR)$(INCLUDEDIR)/cvx.h $(DESTDIR)$(LIBDIR)/pkgconfig/cvx.pc

# Retrains the models in pipeline/models/ from the shared sets (every CV
# folder of ../shared/corpus but the gold answers, and ../shared/jobsite, for
# section.model; the gold references of ../shared/refs/dev.jsonl and the
# project's own pipeline/models/refs-extra.jsonl, written by refs_extra.py, for
# refs.model; the gold corpus, its renders by the layout benchmark's themes and
# the job-site annotations for entries.model, tests/eval/entry_pairs.py, and
# the same pairs, read with the new entries.model, for fields.model):
# deterministic, the same bytes on every run. The models are data in the
# repository, so nothing else needs this.
SHARED       ?= ../shared
TRAIN_INPUTS  = $(sort $(filter-out $(SHARED)/corpus/gold%,$(wildcard $(SHARED)/corpus/*/*)) \
	$(wildcard $(SHARED)/jobsite/*.txt))
train: all
	@test -n "$(TRAIN_INPUTS)" || { echo "make train: no inputs under $(SHARED)"; exit 1; }
	@$(BUILD)/cvx train -o pipeline/models/section.model $(TRAIN_INPUTS)
	@test -f $(SHARED)/refs/dev.jsonl || { echo "make train: no $(SHARED)/refs/dev.jsonl"; exit 1; }
	@$(BUILD)/cvx train --refs -o pipeline/models/refs.model $(SHARED)/refs/dev.jsonl pipeline/models/refs-extra.jsonl
	@$(MAKE) --no-print-directory all
	@python3 tests/eval/entry_pairs.py --render --build $(BUILD) > $(BUILD)/entry-pairs.tsv
	@$(BUILD)/cvx train --entries -o pipeline/models/entries.model $(BUILD)/entry-pairs.tsv
	@$(MAKE) --no-print-directory all
	@$(BUILD)/cvx train --fields -o pipeline/models/fields.model $(BUILD)/entry-pairs.tsv
	@$(MAKE) --no-print-directory all

# Rewrites the expected outputs of fixtures/ after a reviewed change
# (all cases, or only CASES="name ...").
golden-update: all
	@sh tests/golden.sh $(BUILD) --update $(CASES)

clean:
	rm -rf build out/*.json out/*.bib out/*.csv

# ---------------------------------------------------------------- fuzzing
# libFuzzer targets (clang, ASan+UBSan) in build/fuzz; `make fuzz FUZZ_SECONDS=N`
# runs each (or only FUZZ_TARGET=name) for N seconds on a corpus seeded from
# fixtures/ and kept in build/fuzz/corpus/, so runs add up to a campaign;
# `make fuzz-smoke` is the short CI budget (10 s each, a fresh corpus).
# FUZZ_RUNS=N stops each target after N executions; FUZZ_FLAGS adds libFuzzer
# flags (for `make fuzz` it defaults to -entropic=0: the entropic scheduler's
# per-feature bookkeeping tripled the CPU time per execution of the pipeline
# targets, whose inputs each reach tens of thousands of features; and
# -reload=0: libFuzzer otherwise lists and reads the corpus folder every
# second for units other processes added, 3% of the CPU time of a campaign on
# fuzz_validate's 10,000-file corpus, and a `make fuzz` campaign is one
# process; FUZZ_FLAGS= puts both back). The models' arithmetic and the targets' JSON
# check are left out of coverage tracing (tests/fuzz/coverage-ignore.txt): it
# traced every compare of every token. Reproducers land in build/fuzz/artifacts/.
# Integer compares are not traced (-fno-sanitize-coverage=trace-cmp): without
# -use_value_profile libFuzzer keeps only 4- and 8-byte operands, for mutations
# that write them as binary integers, which a text pipeline never reads, and
# the hooks on every byte and index compare were 40 to 50% of an execution of
# the pipeline targets; memcmp, strcmp, strncasecmp and strstr still hand their
# operands to the mutator (the interceptors' hooks). A change of these flags
# rebuilds build/fuzz's objects (build/fuzz/.cflags), not its corpus.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   ?= -entropic=0 -reload=0
FUZZ_TARGETS := source frontmatter yamldata markdown html text pdf docx refparse schema convert validate model entryseg fieldlabel
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link -fno-sanitize-coverage=trace-cmp $(FUZZ_SAN) -DCVX_ARENA_POISON \
  -fsanitize-coverage-ignorelist=$(CURDIR)/tests/fuzz/coverage-ignore.txt
fuzz-build:
	@if [ "$$(cat build/fuzz/.cflags 2>/dev/null)" != '$(FUZZ_CFLAGS)' ]; then \
	  rm -rf build/fuzz/pipeline build/fuzz/extractors build/fuzz/gen build/fuzz/tests build/fuzz/libcvx.a; \
	  mkdir -p build/fuzz && printf '%s\n' '$(FUZZ_CFLAGS)' >build/fuzz/.cflags; fi
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=clang WERROR=$(WERROR) CFLAGS="$(FUZZ_CFLAGS)" \
	  $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)

# the targets' objects are kept (not removed as intermediates), so that a
# campaign's `make fuzz FUZZ_TARGET=t` runs do not compile and link all of
# them again each time
.SECONDARY: $(FUZZ_TARGETS:%=build/fuzz/tests/fuzz/fuzz_%.o)
build/fuzz/fuzz_%: build/fuzz/tests/fuzz/fuzz_%.o build/fuzz/libcvx.a
	clang $(CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $^ $(LDLIBS)

fuzz: fuzz-build
	@FUZZ_CORPUS=build/fuzz/corpus FUZZ_FLAGS='$(FUZZ_FLAGS)' sh tests/fuzz/run.sh build/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGET)

fuzz-smoke: fuzz-build
	@sh tests/fuzz/run.sh build/fuzz 10

# ---------------------------------------------------------------- benchmark
# Assembles a 20,000+ file corpus in a temp dir and prints throughput, RSS,
# scaling and linearity next to their targets; `cvx bib` references per
# second on one core (tests/bench/refs_rate.sh; target 10,000); then the peak
# RSS of one big input of each shape against its size (bigmem.sh,
# BENCH_MEM_MB=200). Not a timed test.
bench: all
	@sh tests/bench/bench.sh $(BUILD)
	@sh tests/bench/refs_rate.sh $(BUILD)
	@sh tests/bench/bigmem.sh $(BUILD)

# ---------------------------------------------------------------- evaluation
# One table of how well this build generalises: every ../shared set converted and
# scored, seen against held-back files, headings renamed, theme-rendered layouts
# (tests/eval/eval.py). EVAL_JSON=path also writes the figures as JSON;
# EVAL_ROTATION=0..3 picks the held-back quarter; EVAL_QUICK=1 leaves the layouts out.
EVAL_ROTATION ?= 0
eval: all
	@python3 tests/eval/eval.py --build $(BUILD) --rotation $(EVAL_ROTATION) \
	  $(if $(EVAL_JSON),--json $(EVAL_JSON)) $(if $(EVAL_QUICK),--quick)

# header dependencies of exactly this build's objects (other build trees may
# live under build/ too)
-include $(LIB_OBJ:.o=.d) $(BUILD)/pipeline/main.d $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/unit/%.d)
