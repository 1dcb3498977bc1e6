"""limits_game.py: write a game to DIR/limits.cards that reaches every nesting
limit of the .cards front end (docs/language.md, "Limits") without passing
one, or with KIND, one that passes a limit far (for the crash tests), or
with `map`, one whose map has the most spaces a map may have, each the
neighbour of every other (docs/language.md, "Maps: boards as graphs")."""
import sys

MINI = open("tests/cardc/good/mini/mini.cards").read()
out, past = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None

if past == "sum":
    extra = "const big = 1" + " + 1" * 99999 + "\n"
elif past == "parens":
    extra = "const big = " + "(" * 100000 + "1" + ")" * 100000 + "\n"
elif past == "ifs":
    extra = "procedure deep() {\n" + "if true {\n" * 10000 + "}\n" * 10001
elif past == "map":
    n = 1024   # RT_GRAPH_MAX_SPACES
    spaces = ["s%d" % i for i in range(n)]
    extra = "kind place { }\nmap big of place symmetric {\n"
    extra += "  spaces { " + ", ".join(spaces) + " }\n"
    for i in range(n):
        extra += "  %s : %s\n" % (spaces[i], ", ".join(spaces[:i] + spaces[i + 1:]))
    extra += "}\n"
else:
    # setup is level 1 and the procedure's body too: 99 `if`s reach 100
    extra = "const sum256 = 1" + "\n  + 1" * 255 + "\n"
    extra += "const neg256 = " + "-" * 255 + "1\n"
    extra += "const par256 = " + "(" * 256 + "goal" + ")" * 256 + "\n"
    extra += "procedure deep(p: player) {\n" + "if p.score >= 0 {\n" * 99
    extra += "p.score += sum256 + neg256 + par256\n" + "}\n" * 99
    extra += "if p.score < 0 { }\n" + "else if p.score < 1 { }\n" * 98 + "}\n"
open(out + "/limits.cards", "w").write(MINI + "\n" + extra)
