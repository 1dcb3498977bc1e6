# Makefile: the one build entry for cardc (see README.md).
#   make            build/cardc, build/libcardrt.a, an engine build/<id> per game
#   make test       every Criterion suite, under ASan + UBSan, and the drift check
#   make demo       compile cards/evr, build its engine, run a short simulation
#   make regen      rewrite generated/ from cards/ (commit the result)
#   make goldens    rewrite the expected outputs of golden tests (review the diff!)
#   make bench      benchmarks
#   make stress     the program generator over STRESS_PROGRAMS seeded games (docs/testing.md)
#   make install PREFIX=/usr/local

CC      ?= cc
PREFIX  ?= /usr/local
B       := build
DEPS    := $(B)/.deps-ok

WARN    := -Wall -Wextra -pedantic -Werror
BASEFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -g
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
# The balance lab (runtime/rt_sim.c, rt_plot.c): threads and cairo, for engines and tests.
CAIRO_CFLAGS = $(eval CAIRO_CFLAGS := $$(shell pkg-config --cflags cairo))$(CAIRO_CFLAGS)
LAB_LIBS     = $(eval LAB_LIBS := -pthread $$(shell pkg-config --libs cairo))$(LAB_LIBS)

GAMES   := $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard cards/*/*.cards cards/*/*.yaml cards/*/*.csv)))))

RT_SRC  := $(sort $(wildcard runtime/*.c))
CC_SRC  := $(sort $(wildcard compiler/*.c))
DSL_GEN := $(B)/dsl/parser.c $(B)/dsl/lexer.c
DSL_HDR := $(B)/dsl/parser.h $(B)/dsl/lexer.h

RT_OBJ      := $(patsubst runtime/%.c,$(B)/obj/rt/%.o,$(RT_SRC))
RT_SAN_OBJ  := $(patsubst runtime/%.c,$(B)/san/rt/%.o,$(RT_SRC))
CC_OBJ      := $(patsubst compiler/%.c,$(B)/obj/cc/%.o,$(CC_SRC)) $(B)/obj/cc/parser.o $(B)/obj/cc/lexer.o
CC_SAN_OBJ  := $(patsubst compiler/%.c,$(B)/san/cc/%.o,$(CC_SRC)) $(B)/san/cc/parser.o $(B)/san/cc/lexer.o

ENGINES     := $(addprefix $(B)/,$(GAMES))
CC_INC      = -Icompiler -I$(B)/dsl -Iruntime $(SHEET_CFLAGS)

.PHONY: all deps test demo regen goldens bench install clean check-drift stress
.SECONDARY:

all: $(B)/cardc $(B)/libcardrt.a $(ENGINES)

# --- dependencies: installed by the project's own script when missing ------
deps: $(DEPS)
$(DEPS): scripts/install-deps.sh
	@bash scripts/install-deps.sh
	@mkdir -p $(B) && touch $@

# --- the front end's generated scanner and parser --------------------------
$(B)/dsl/parser.c $(B)/dsl/parser.h: dsl/parser.y | $(DEPS)
	@mkdir -p $(B)/dsl
	bison -Wall -Werror --defines=$(B)/dsl/parser.h -o $(B)/dsl/parser.c $<

$(B)/dsl/lexer.c $(B)/dsl/lexer.h: dsl/lexer.l $(B)/dsl/parser.h | $(DEPS)
	@mkdir -p $(B)/dsl
	flex --header-file=$(B)/dsl/lexer.h -o $(B)/dsl/lexer.c $<

# Generated scanner/parser code is not held to -Werror -pedantic.
GENFLAGS := $(BASEFLAGS) -Wno-unused-function -Wno-sign-compare

$(B)/obj/cc/parser.o: $(B)/dsl/parser.c $(DSL_HDR) compiler/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(OPT) $(CC_INC) -c -o $@ $<
$(B)/obj/cc/lexer.o: $(B)/dsl/lexer.c $(DSL_HDR) compiler/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(OPT) $(CC_INC) -c -o $@ $<
$(B)/san/cc/parser.o: $(B)/dsl/parser.c $(DSL_HDR) compiler/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(SAN) $(CC_INC) -c -o $@ $<
$(B)/san/cc/lexer.o: $(B)/dsl/lexer.c $(DSL_HDR) compiler/ast.h
	@mkdir -p $(dir $@)
	$(CC) $(GENFLAGS) $(SAN) $(CC_INC) -c -o $@ $<

# --- the compiler -----------------------------------------------------------
$(B)/obj/cc/%.o: compiler/%.c $(wildcard compiler/*.h) $(DSL_HDR) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(WARN) $(OPT) $(CC_INC) -c -o $@ $<
$(B)/san/cc/%.o: compiler/%.c $(wildcard compiler/*.h) $(DSL_HDR) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(WARN) $(SAN) $(CC_INC) -c -o $@ $<

$(B)/cardc: $(CC_OBJ)
	$(CC) -o $@ $^ $(YAML_LIBS) $(SHEET_LIBS)
$(B)/san/cardc: $(CC_SAN_OBJ)
	$(CC) $(SAN) -o $@ $^ $(YAML_LIBS) $(SHEET_LIBS)

# --- the runtime ------------------------------------------------------------
$(B)/obj/rt/%.o: runtime/%.c $(wildcard runtime/*.h) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(WARN) $(OPT) -pthread -Iruntime $(CAIRO_CFLAGS) -c -o $@ $<
$(B)/san/rt/%.o: runtime/%.c $(wildcard runtime/*.h) | $(DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(BASEFLAGS) $(WARN) $(SAN) -pthread -Iruntime $(CAIRO_CFLAGS) -c -o $@ $<

$(B)/libcardrt.a: $(RT_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(B)/san/libcardrt.a: $(RT_SAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

# --- games: fresh C from cards/ into build/gen, engines from it -------------
.SECONDEXPANSION:
$(B)/gen/%.c $(B)/gen/%.h: $(B)/cardc $$(wildcard cards/%/*.cards cards/%/*.yaml cards/%/*.csv)
	@mkdir -p $(B)/gen
	$(B)/cardc c cards/$* -o $(B)/gen

GAMEFLAGS := $(BASEFLAGS) $(WARN) -Iruntime

$(B)/%: $(B)/gen/%.c $(B)/libcardrt.a runtime/cardrt.h
	$(CC) $(GAMEFLAGS) $(OPT) -DCARDRT_ENGINE_MAIN -o $@ $< $(B)/libcardrt.a -lm $(LAB_LIBS)
$(B)/san/%: $(B)/gen/%.c $(B)/san/libcardrt.a runtime/cardrt.h
	@mkdir -p $(dir $@)
	$(CC) $(GAMEFLAGS) $(SAN) -DCARDRT_ENGINE_MAIN -o $@ $< $(B)/san/libcardrt.a -lm $(LAB_LIBS)
$(B)/san/game-%.o: $(B)/gen/%.c runtime/cardrt.h
	@mkdir -p $(dir $@)
	$(CC) $(GAMEFLAGS) $(SAN) -c -o $@ $<

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
TESTFLAGS = $(BASEFLAGS) $(WARN) $(SAN) -Iruntime -Icompiler -Itests/common -I$(B)/gen -DTEST_BUILD_DIR=\"$(B)\"

$(B)/tests/%: $$(wildcard tests/%/*.c tests/%/*.h) $$(wildcard tests/common/*.h) $(B)/san/libcardrt.a \
              $$(if $$(findstring game-,$$*),$(B)/san/$$*.o)
	@mkdir -p $(B)/tests
	$(CC) $(TESTFLAGS) -o $@ $(filter %.c %.o,$^) $(B)/san/libcardrt.a -lcriterion -lm $(LAB_LIBS) $(TEST_LIBS)

# The lab suite plays the EvR engine.
$(B)/tests/lab: $(B)/san/game-evr.o

# The bench suite plays the EvR engine next to the reference engine (bench/evr_ref.h).
$(B)/tests/bench: $(B)/san/game-evr.o bench/evr_ref.h

# The parse suite links the sanitized front end.
$(B)/tests/parse: $(B)/san/cc/parse.o $(B)/san/cc/parser.o $(B)/san/cc/lexer.o $(B)/san/cc/ast.o $(B)/san/cc/diag.o $(B)/san/cc/arena.o

# The sheet suite links the sanitized text engine (shrink-to-fit) and cairo
# (to compare rendered pages with golden PNGs); it runs build/san/cardc.
$(B)/tests/sheet: $(B)/san/cc/sheet_text.o
$(B)/tests/sheet: TESTFLAGS += $(SHEET_CFLAGS)
$(B)/tests/sheet: TEST_LIBS = $(SHEET_LIBS)

# The progen suite generates games and runs build/cardc, build/san/cardc,
# gcc and clang on them (tests/progen/pg_run.c).
$(B)/tests/progen: $(B)/cardc $(B)/san/cardc

TEST_TOOLS := $(B)/san/cardc $(addprefix $(B)/san/,$(GAMES)) $(ENGINES) $(B)/cardc

test: $(TEST_BINS) $(TEST_TOOLS)
	@$(MAKE) --no-print-directory check-drift
	@status=0; for t in $(TEST_BINS); do \
	  echo "== $$t"; \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    $$t --jobs 2 || status=1; \
	done; exit $$status

# --- the program generator as a command, and its long run ----------------------
PG_SRC := $(wildcard tests/progen/pg_*.c tests/progen/*.h) tests/progen/tool/pg_main.c
STRESS_PROGRAMS ?= 5000
STRESS_FIRST ?= 100001

$(B)/progen: $(PG_SRC) tests/common/testutil.h
	$(CC) $(BASEFLAGS) $(WARN) $(OPT) -Itests/common -Itests/progen -o $@ $(filter %.c,$^)

stress: $(B)/progen $(B)/cardc $(B)/san/cardc $(B)/san/libcardrt.a
	$(B)/progen run --programs $(STRESS_PROGRAMS) --first $(STRESS_FIRST) --jobs 2

# --- demo, bench, install -----------------------------------------------------
demo: $(B)/evr
	$(B)/evr sim --games 1000 --seed 1

bench: all
	@CC="$(CC)" ENGINE_CFLAGS="$(BASEFLAGS) $(OPT)" bash bench/run.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(B)/cardc $(DESTDIR)$(PREFIX)/bin/cardc
	install -m 644 $(B)/libcardrt.a $(DESTDIR)$(PREFIX)/lib/libcardrt.a
	install -m 644 runtime/cardrt.h $(DESTDIR)$(PREFIX)/include/cardrt.h

goldens: $(B)/san/cardc $(B)/tests/parse
	@bash tests/refresh-goldens.sh

clean:
	rm -rf $(B)
