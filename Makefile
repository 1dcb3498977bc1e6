# Makefile: the one build entry for cardc (see README.md).
#   make            build/cardc, build/libcardrt.a and build/libcardlab.a, an engine build/<id> per game,
#                   and build/<id>-mpi per game when Open MPI is installed (docs/lab.md)
#   make test       every Criterion suite, under ASan + UBSan, the drift check, and
#                   a replay of the fuzz corpora and past fuzz crashes (tests/fuzz/)
#   make demo       build everything, then simulate 1,000 games of EvR
#   make regen      rewrite generated/ from cards/ (commit the result)
#   make goldens    rewrite the expected outputs of golden tests (review the diff!)
#   make bench      benchmarks
#   make balance    the balance figures the game docs quote, into build/balance.json (docs/lab.md)
#   make stress     the program generator over STRESS_PROGRAMS seeded games (docs/testing.md)
#   make install PREFIX=/usr/local
#   make fuzz FUZZ_SECONDS=N   each libFuzzer target (tests/fuzz/targets/) for N
#                   seconds (default 60), FUZZ_JOBS at a time (default 1; one
#                   target: FUZZ_TARGETS=t); new inputs go to build/fuzz/new/<t>/,
#                   a crash fails the run and is left in build/fuzz/crash/<t>/
#   make fuzz-merge add to tests/fuzz/corpus/<t>/ the inputs of build/fuzz/new/<t>/
#                   that reach new code (docs/testing.md)

CC      ?= cc
PREFIX  ?= /usr/local
B       := build
DEPS    := $(B)/.deps-ok

WARN    := -Wall -Wextra -pedantic -Werror
BASEFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -g
# Every object also writes its header dependencies (foo.d beside foo.o),
# read back below, so a change to any header it includes rebuilds it.
DEPFLAGS := -MMD -MP
OPT     := -O2
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
YAML_LIBS := -lyaml
# cairo + pango for `cardc sheet` (printable card sheets); -isystem keeps
# -pedantic -Werror away from the glib headers.
SHEET_PKGS   := pangocairo cairo-pdf cairo-svg cairo-png librsvg-2.0
# These ask pkg-config, so they are computed on first use (in a recipe, after
# the set-up script has installed the packages), not when make reads this
# file: on a fresh machine pkg-config and the libraries are not there yet.
SHEET_CFLAGS = $(eval SHEET_CFLAGS := $$(patsubst -I%,-isystem %,$$(shell pkg-config --cflags $(SHEET_PKGS))))$(SHEET_CFLAGS)
SHEET_LIBS   = $(eval SHEET_LIBS := $$(shell pkg-config --libs $(SHEET_PKGS)) -lm)$(SHEET_LIBS)
# The balance lab (runtime/lab/: libcardlab): threads and cairo, for engines and tests;
# libcardrt (runtime/) needs neither.
CAIRO_CFLAGS = $(eval CAIRO_CFLAGS := $$(shell pkg-config --cflags cairo))$(CAIRO_CFLAGS)
LAB_LIBS     = $(eval LAB_LIBS := -pthread $$(shell pkg-config --libs cairo))$(LAB_LIBS)

GAMES   := $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard cards/*/*.cards cards/*/*.yaml cards/*/*.csv)))))

RT_SRC  := $(sort $(wildcard runtime/*.c))
RT_HEADERS := runtime/cardrt.h runtime/cardrt_cards.h runtime/cardrt_script.h
LAB_SRC := $(sort $(wildcard runtime/lab/*.c))
# The compiler, one folder per stage (compiler/README.md).
CC_DIRS := compiler/front compiler/check compiler/ir compiler/back compiler/common
CC_SRC  := $(sort $(wildcard compiler/*.c $(addsuffix /*.c,$(CC_DIRS))))
DSL_GEN := $(B)/dsl/parser.c $(B)/dsl/lexer.c
DSL_HDR := $(B)/dsl/parser.h $(B)/dsl/lexer.h

RT_OBJ      := $(patsubst runtime/%.c,$(B)/obj/rt/%.o,$(RT_SRC))
RT_SAN_OBJ  := $(patsubst runtime/%.c,$(B)/san/rt/%.o,$(RT_SRC))
LAB_OBJ     := $(patsubst runtime/%.c,$(B)/obj/rt/%.o,$(LAB_SRC))
LAB_SAN_OBJ := $(patsubst runtime/%.c,$(B)/san/rt/%.o,$(LAB_SRC))
CC_OBJ      := $(patsubst compiler/%.c,$(B)/obj/cc/%.o,$(CC_SRC)) $(B)/obj/cc/parser.o $(B)/obj/cc/lexer.o
CC_SAN_OBJ  := $(patsubst compiler/%.c,$(B)/san/cc/%.o,$(CC_SRC)) $(B)/san/cc/parser.o $(B)/san/cc/lexer.o

ENGINES     := $(addprefix $(B)/,$(GAMES))
CC_INC      = $(addprefix -I,$(CC_DIRS)) -I$(B)/dsl -Iruntime $(SHEET_CFLAGS)

.PHONY: all deps test demo regen goldens bench balance install clean check-drift fuzz fuzz-merge stress mpi-engines
# Files made on the way by pattern rules (the games' C, their test objects) are kept.
.PRECIOUS: $(B)/gen/%.c $(B)/gen/%.h $(B)/san/game-%.o $(B)/fuzz/game-%.o $(B)/obj/mpi/game-%.o $(B)/obj/mpi/main-%.o

all: $(B)/cardc $(B)/libcardrt.a $(B)/libcardlab.a $(ENGINES) mpi-engines

# --- dependencies: installed by the project's own script when missing ------
deps: $(DEPS)
$(DEPS): scripts/install-deps.sh
	@bash scripts/install-deps.sh
	@mkdir -p $(B) && touch $@

# --- the front end's generated scanner and parser --------------------------
# Grouped targets (&:): one bison run makes both files, one flex run both of
# its own, however many jobs make runs.
$(B)/dsl/parser.c $(B)/dsl/parser.h &: dsl/parser.y | $(DEPS)
	@mkdir -p $(B)/dsl
	bison -Wall -Werror --defines=$(B)/dsl/parser.h -o $(B)/dsl/parser.c $<

$(B)/dsl/lexer.c $(B)/dsl/lexer.h &: dsl/lexer.l $(B)/dsl/parser.h | $(DEPS)
	@mkdir -p $(B)/dsl
	flex --header-file=$(B)/dsl/lexer.h -o $(B)/dsl/lexer.c $<

# Generated scanner/parser code is not held to -Werror -pedantic.
GENFLAGS := $(BASEFLAGS) $(DEPFLAGS) -Wno-unused-function -Wno-sign-compare

$(B)/obj/cc/parser.o: $(B)/dsl/parser.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(OPT) $(CC_INC) -c -o $@ $<
$(B)/obj/cc/lexer.o: $(B)/dsl/lexer.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(OPT) $(CC_INC) -c -o $@ $<
$(B)/san/cc/parser.o: $(B)/dsl/parser.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(SAN) $(CC_INC) -c -o $@ $<
$(B)/san/cc/lexer.o: $(B)/dsl/lexer.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(SAN) $(CC_INC) -c -o $@ $<

# --- the compiler -----------------------------------------------------------
$(B)/obj/cc/%.o: compiler/%.c $(DSL_HDR) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(OPT) $(CC_INC) -c -o $@ $<
$(B)/san/cc/%.o: compiler/%.c $(DSL_HDR) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(SAN) $(CC_INC) -c -o $@ $<

# The header dependencies the objects wrote (none before the first build).
-include $(wildcard $(B)/obj/*/*.d $(B)/san/*/*.d $(B)/obj/*/*/*.d $(B)/san/*/*/*.d $(B)/clang/*/*.d $(B)/clang/*/*/*.d)
# A .d file is only ever written by the compiler: never remake one (the
# engines' rule $(B)/% would otherwise try).
$(B)/obj/%.d: ;
$(B)/san/%.d: ;
$(B)/clang/%.d: ;

# cardc writes its outputs through the runtime's writer (runtime/rt_out.c)
# and lays out the state block with the runtime's one computation of it
# (runtime/rt_layout.c).
$(B)/cardc: $(CC_OBJ) $(B)/obj/rt/rt_out.o $(B)/obj/rt/rt_layout.o
	$(CC) -o $@ $^ $(YAML_LIBS) $(SHEET_LIBS)
$(B)/san/cardc: $(CC_SAN_OBJ) $(B)/san/rt/rt_out.o $(B)/san/rt/rt_layout.o
	$(CC) $(SAN) -o $@ $^ $(YAML_LIBS) $(SHEET_LIBS)
# A cardc without the secrecy check, for the test that shows the engines'
# `secrets` command catching a leak (tests/lang/secrets_test.c); never
# installed, never used to build a game of cards/.
$(B)/san/cardc-unchecked: $(filter-out $(B)/san/cc/check/sema.o,$(CC_SAN_OBJ)) $(B)/san/cc/check/sema-unchecked.o \
                          $(B)/san/rt/rt_out.o $(B)/san/rt/rt_layout.o
	$(CC) $(SAN) -o $@ $^ $(YAML_LIBS) $(SHEET_LIBS)
$(B)/san/cc/check/sema-unchecked.o: compiler/check/sema.c $(DSL_HDR) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(WARN) $(SAN) $(CC_INC) -DCARDC_UNCHECKED_SECRETS -c -o $@ $<

# --- cardc built by clang ------------------------------------------------------
# Its output must be byte for byte what the gcc-built cardc writes (tests/cardc,
# tests/progen): C leaves the order of a call's arguments to the compiler, and
# the emitter never depends on it (compiler/back/emit_internal.h, emit_site).
CLANG_CC_OBJ := $(patsubst compiler/%.c,$(B)/clang/cc/%.o,$(CC_SRC)) $(B)/clang/cc/parser.o $(B)/clang/cc/lexer.o
$(B)/clang/cc/parser.o: $(B)/dsl/parser.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	clang $(GENFLAGS) $(CC_INC) -c -o $@ $<
$(B)/clang/cc/lexer.o: $(B)/dsl/lexer.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	clang $(GENFLAGS) $(CC_INC) -c -o $@ $<
$(B)/clang/cc/%.o: compiler/%.c $(DSL_HDR) | $(DEPS)
	@mkdir -p $(dir $@)
	clang $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(CC_INC) -c -o $@ $<
$(B)/clang/rt/%.o: runtime/%.c | $(DEPS)
	@mkdir -p $(dir $@)
	clang $(BASEFLAGS) $(DEPFLAGS) $(WARN) -Iruntime -c -o $@ $<
$(B)/clang/cardc: $(CLANG_CC_OBJ) $(B)/clang/rt/rt_out.o $(B)/clang/rt/rt_layout.o
	clang -o $@ $^ $(YAML_LIBS) $(SHEET_LIBS)

# --- the runtime (libcardrt) and the lab (libcardlab) ------------------------
# The runtime is plain C11 and POSIX: no threads, no cairo (runtime/README.md).
$(B)/obj/rt/%.o: runtime/%.c | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(OPT) -Iruntime -c -o $@ $<
$(B)/san/rt/%.o: runtime/%.c | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(SAN) -DCARDRT_CHECK_LIVE -Iruntime -c -o $@ $<
$(B)/obj/rt/lab/%.o: runtime/lab/%.c | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(OPT) -pthread -Iruntime $(CAIRO_CFLAGS) -c -o $@ $<
$(B)/san/rt/lab/%.o: runtime/lab/%.c | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(SAN) -pthread -Iruntime $(CAIRO_CFLAGS) -c -o $@ $<

$(B)/libcardrt.a: $(RT_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(B)/san/libcardrt.a: $(RT_SAN_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(B)/libcardlab.a: $(LAB_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(B)/san/libcardlab.a: $(LAB_SAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

# --- games: fresh C from cards/ into build/gen, engines from it -------------
.SECONDEXPANSION:
$(B)/gen/%.c $(B)/gen/%.h: $(B)/cardc $$(wildcard cards/%/*.cards cards/%/*.yaml cards/%/*.csv)
	@mkdir -p $(B)/gen
	$(B)/cardc c cards/$* -o $(B)/gen

GAMEFLAGS := $(BASEFLAGS) $(WARN) -Iruntime

# An engine is the game's C, the lab (its command line) and the runtime.
$(B)/%: $(B)/gen/%.c $(B)/libcardlab.a $(B)/libcardrt.a $(RT_HEADERS)
	$(CC) $(GAMEFLAGS) $(OPT) -DCARDRT_ENGINE_MAIN -o $@ $< $(B)/libcardlab.a $(B)/libcardrt.a -lm $(LAB_LIBS)
$(B)/san/%: $(B)/gen/%.c $(B)/san/libcardlab.a $(B)/san/libcardrt.a $(RT_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(GAMEFLAGS) $(SAN) -DCARDRT_ENGINE_MAIN -o $@ $< $(B)/san/libcardlab.a $(B)/san/libcardrt.a -lm $(LAB_LIBS)
$(B)/san/game-%.o: $(B)/gen/%.c $(RT_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(GAMEFLAGS) $(SAN) -c -o $@ $<

# --- MPI engines: build/<id>-mpi, when Open MPI's mpicc is there -------------
# The engine with sim shared between the processes of an MPI job
# (runtime/mpi/, docs/lab.md): the game's C without its main, the MPI
# module (the only code that includes mpi.h), the lab and the runtime.
# Whether mpicc is installed is asked when mpi-engines runs (after the
# set-up script), so a build without MPI still works: it just has none.
MPICC       ?= mpicc
MPI_ENGINES := $(addsuffix -mpi,$(ENGINES))

# cardc and the games' C are made here first: the sub-make must find them
# up to date (two makes building cardc at once would race).
mpi-engines: $(B)/cardc $(addprefix $(B)/gen/,$(addsuffix .c,$(GAMES))) $(B)/libcardlab.a $(B)/libcardrt.a | $(DEPS)
	@if command -v $(MPICC) >/dev/null 2>&1; then $(MAKE) --no-print-directory $(MPI_ENGINES); \
	else echo "make: $(MPICC) not found: no MPI engines (build/<id>-mpi)"; fi

$(B)/obj/mpi/rt_mpi.o: runtime/mpi/rt_mpi.c | $(DEPS)
	@mkdir -p $(dir $@)
	$(MPICC) $(BASEFLAGS) $(DEPFLAGS) $(WARN) $(OPT) -Iruntime -Iruntime/lab -c -o $@ $<
$(B)/obj/mpi/game-%.o: $(B)/gen/%.c $(RT_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(GAMEFLAGS) $(OPT) -c -o $@ $<
$(B)/obj/mpi/main-%.o: runtime/mpi/rt_mpi_main.c runtime/mpi/rt_mpi.h $(B)/gen/%.h
	@mkdir -p $(dir $@)
	$(CC) $(GAMEFLAGS) $(OPT) -Iruntime/mpi -I$(B)/gen -DGAME_HEADER='"$*.h"' -DGAME_VARIANTS=$*_variants \
	  -DGAME_COUNT=$*_variant_count -c -o $@ $<
$(B)/%-mpi: $(B)/obj/mpi/main-%.o $(B)/obj/mpi/game-%.o $(B)/obj/mpi/rt_mpi.o $(B)/libcardlab.a $(B)/libcardrt.a
	$(MPICC) -o $@ $(filter %.o,$^) $(B)/libcardlab.a $(B)/libcardrt.a -lm $(LAB_LIBS)

regen: $(addprefix $(B)/gen/,$(addsuffix .c,$(GAMES)))
	@mkdir -p generated
	@for g in $(GAMES); do cp $(B)/gen/$$g.c $(B)/gen/$$g.h generated/; done
	@echo "generated/ rewritten for: $(GAMES)"

check-drift: $(addprefix $(B)/gen/,$(addsuffix .c,$(GAMES)))
	@status=0; for g in $(GAMES); do \
	  for ext in c h; do \
	    if ! cmp -s $(B)/gen/$$g.$$ext generated/$$g.$$ext; then \
	      echo "drift: generated/$$g.$$ext differs from a fresh 'cardc c cards/$$g' (run 'make regen' and commit)"; status=1; \
	    fi; \
	  done; \
	done; \
	[ $$status -eq 0 ] && echo "drift check: generated/ matches cards/ for: $(GAMES)"; exit $$status

# --- tests --------------------------------------------------------------------
# Each tests/<suite>/ folder is one Criterion binary. Suites named game-<id>
# link that game's generated C; every suite links the sanitized runtime.
SUITES := $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard tests/*/*.c)))))
TEST_BINS := $(addprefix $(B)/tests/,$(SUITES))
TESTFLAGS = $(BASEFLAGS) $(WARN) $(SAN) -Iruntime $(addprefix -I,$(CC_DIRS)) -Itests/common -I$(B)/gen -DTEST_BUILD_DIR=\"$(B)\"

$(B)/tests/%: $$(wildcard tests/%/*.c tests/%/*.h) $$(wildcard tests/common/*.h) $(B)/san/libcardlab.a $(B)/san/libcardrt.a \
              $$(if $$(findstring game-,$$*),$(B)/san/$$*.o)
	@mkdir -p $(B)/tests
	$(CC) $(TESTFLAGS) -o $@ $(filter %.c %.o,$^) $(B)/san/libcardlab.a $(B)/san/libcardrt.a -lcriterion -lm $(LAB_LIBS) $(TEST_LIBS)

# The lab suite plays the EvR engine.
$(B)/tests/lab: $(B)/san/game-evr.o

# The bench suite plays the EvR and Galaxy engines next to their reference
# engines (bench/evr_ref.h, bench/galaxy_ref.h).
$(B)/tests/bench: $(B)/san/game-evr.o $(B)/san/game-galaxy.o bench/evr_ref.h bench/galaxy_ref.h bench/ref_rng.h

# The parse suite links the sanitized front end.
$(B)/tests/parse: $(addprefix $(B)/san/cc/,front/parse.o parser.o lexer.o front/ast.o common/strtab.o common/holes.o front/text.o common/diag.o common/arena.o)

# The sheet suite links the sanitized text engine (shrink-to-fit) and cairo
# (to compare rendered pages with golden PNGs); it runs build/san/cardc.
$(B)/tests/sheet: $(B)/san/cc/back/sheet_text.o
$(B)/tests/sheet: TESTFLAGS += $(SHEET_CFLAGS)
$(B)/tests/sheet: TEST_LIBS = $(SHEET_LIBS)

# The libFuzzer targets (see "coverage-guided fuzzing" below).
FUZZ_CC      := clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 1
FUZZ_TARGETS := $(sort $(basename $(notdir $(wildcard tests/fuzz/targets/*.c))))
FUZZ_BINS    := $(addprefix $(B)/fuzz/bin/,$(FUZZ_TARGETS))
FUZZ_SAN     := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# Every compiler module but the driver: the front ends, the checker, the IR
# and the back ends (a target links only the modules it calls: the sheet
# back end brings cairo and pango, which only compile links).
FUZZ_CC_SRC  := $(filter-out compiler/cardc.c,$(CC_SRC))
FUZZ_CC_OBJ  := $(patsubst compiler/%.c,$(B)/fuzz/cc/%.o,$(FUZZ_CC_SRC)) $(B)/fuzz/cc/parser.o $(B)/fuzz/cc/lexer.o
FUZZ_RT_OBJ  := $(patsubst runtime/%.c,$(B)/fuzz/rt/%.o,$(RT_SRC) $(LAB_SRC))

# The progen suite generates games and runs build/cardc, build/san/cardc,
# gcc and clang on them (tests/progen/pg_run.c).
$(B)/tests/progen: $(B)/cardc $(B)/san/cardc $(B)/clang/cardc

TEST_TOOLS := $(B)/san/cardc $(B)/san/cardc-unchecked $(addprefix $(B)/san/,$(GAMES)) $(ENGINES) $(B)/cardc $(B)/clang/cardc mpi-engines

test: $(TEST_BINS) $(TEST_TOOLS) $(FUZZ_BINS)
	@MAKE="$(MAKE)" FUZZ_BIN=$(B)/fuzz/bin FUZZ_TARGETS="$(FUZZ_TARGETS)" bash tests/run-suites.sh $(TEST_BINS)

# --- coverage-guided fuzzing (libFuzzer, clang) -------------------------------
# One libFuzzer target per tests/fuzz/targets/<t>.c, built with clang's
# -fsanitize=fuzzer,address,undefined against its own instrumented objects
# (build/fuzz/). `make test` replays tests/fuzz/corpus/<t>/ and the past
# crashes tests/fuzz/crashes/<t>/; `make fuzz` fuzzes (docs/testing.md).
$(B)/fuzz/cc/parser.o: $(B)/dsl/parser.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(GENFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(CC_INC) -c -o $@ $<
$(B)/fuzz/cc/lexer.o: $(B)/dsl/lexer.c $(DSL_HDR) compiler/front/ast.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(GENFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(CC_INC) -c -o $@ $<
$(B)/fuzz/cc/%.o: compiler/%.c $(wildcard compiler/*/*.h) $(DSL_HDR) | $(DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(CC_INC) -c -o $@ $<
$(B)/fuzz/rt/%.o: runtime/%.c $(wildcard runtime/*.h runtime/lab/*.h) | $(DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -pthread -Iruntime $(CAIRO_CFLAGS) -c -o $@ $<
$(B)/fuzz/game-%.o: $(B)/gen/%.c $(RT_HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(GAMEFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<
$(B)/fuzz/libcardc.a: $(FUZZ_CC_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(B)/fuzz/libcardrt.a: $(FUZZ_RT_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The compiler's targets link the compiler's modules (libcardc.a above);
# compile also the runtime, whose writer and state-block layout the back
# ends use (as cardc does), and cairo and pango for the sheet. replay links EvR's generated C (without its
# engine main) and the runtime; engine links EvR's and Simple's.
$(B)/fuzz/bin/%: tests/fuzz/targets/%.c tests/fuzz/targets/fuzz_target.h $(B)/fuzz/libcardc.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer $(CC_INC) -o $@ $< $(B)/fuzz/libcardc.a $(YAML_LIBS)
$(B)/fuzz/bin/replay: tests/fuzz/targets/replay.c $(B)/fuzz/game-evr.o $(B)/fuzz/libcardrt.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer -Iruntime -I$(B)/gen -o $@ $< $(B)/fuzz/game-evr.o \
	  $(B)/fuzz/libcardrt.a -lm $(LAB_LIBS)

$(B)/fuzz/bin/compile: tests/fuzz/targets/compile.c tests/fuzz/targets/fuzz_target.h $(B)/fuzz/libcardc.a $(B)/fuzz/libcardrt.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer $(CC_INC) -o $@ $< $(B)/fuzz/libcardc.a \
	  $(B)/fuzz/libcardrt.a $(YAML_LIBS) $(SHEET_LIBS)
$(B)/fuzz/bin/engine: tests/fuzz/targets/engine.c $(B)/fuzz/game-evr.o $(B)/fuzz/game-simple.o $(B)/fuzz/libcardrt.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(BASEFLAGS) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer -Iruntime -I$(B)/gen -o $@ $< $(B)/fuzz/game-evr.o \
	  $(B)/fuzz/game-simple.o $(B)/fuzz/libcardrt.a -lm $(LAB_LIBS)

fuzz: $(FUZZ_BINS)
	@FUZZ_JOBS=$(FUZZ_JOBS) bash tests/fuzz/run.sh fuzz $(B)/fuzz/bin $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-merge: $(FUZZ_BINS)
	@bash tests/fuzz/run.sh merge $(B)/fuzz/bin $(FUZZ_TARGETS)

# --- the program generator as a command, and its long run ----------------------
PG_SRC := $(wildcard tests/progen/pg_*.c tests/progen/*.h) tests/progen/tool/pg_main.c
STRESS_PROGRAMS ?= 5000
STRESS_FIRST ?= 100001

$(B)/progen: $(PG_SRC) tests/common/testutil.h
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(WARN) $(OPT) -Itests/common -Itests/progen -o $@ $(filter %.c,$^)

stress: $(B)/progen $(B)/cardc $(B)/san/cardc $(B)/san/libcardrt.a $(B)/san/libcardlab.a
	$(B)/progen run --programs $(STRESS_PROGRAMS) --first $(STRESS_FIRST) --jobs 2

# --- demo, bench, install -----------------------------------------------------
demo: all
	$(B)/evr sim --games 1000 --seed 1

bench: all
	@CC="$(CC)" ENGINE_CFLAGS="$(BASEFLAGS) $(OPT)" bash bench/run.sh

balance: all
	@bash scripts/balance.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(B)/cardc $(DESTDIR)$(PREFIX)/bin/cardc
	install -m 644 $(B)/libcardrt.a $(DESTDIR)$(PREFIX)/lib/libcardrt.a
	install -m 644 $(B)/libcardlab.a $(DESTDIR)$(PREFIX)/lib/libcardlab.a
	install -m 644 runtime/cardrt.h $(DESTDIR)$(PREFIX)/include/cardrt.h
	install -m 644 runtime/cardrt_cards.h $(DESTDIR)$(PREFIX)/include/cardrt_cards.h
	install -m 644 runtime/cardrt_script.h $(DESTDIR)$(PREFIX)/include/cardrt_script.h

goldens: $(B)/san/cardc $(B)/tests/parse
	@bash tests/refresh-goldens.sh

clean:
	rm -rf $(B)
