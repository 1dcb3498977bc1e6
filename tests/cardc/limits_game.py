"""limits_game.py: write a game to DIR/limits.cards that reaches every nesting
limit of the .cards front end (docs/language.md, "Limits") without passing
one, or with --past KIND, one that passes a limit far (for the crash tests)."""
import sys

MINI = open("tests/cardc/good/mini/mini.cards").read()
out, past = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None

if past == "sum":
    extra = "const big = 1" + " + 1" * 99999 + "\n"
elif past == "parens":
    extra = "const big = " + "(" * 100000 + "1" + ")" * 100000 + "\n"
elif past == "ifs":
    extra = "procedure deep() {\n" + "if true {\n" * 10000 + "}\n" * 10001
else:
    # setup is level 1 and the procedure's body too: 99 `if`s reach 100
    extra = "const sum256 = 1" + "\n  + 1" * 255 + "\n"
    extra += "const neg256 = " + "-" * 255 + "1\n"
    extra += "const par256 = " + "(" * 256 + "goal" + ")" * 256 + "\n"
    extra += "procedure deep(p: player) {\n" + "if p.score >= 0 {\n" * 99
    extra += "p.score += sum256 + neg256 + par256\n" + "}\n" * 99
    extra += "if p.score < 0 { }\n" + "else if p.score < 1 { }\n" * 98 + "}\n"
open(out + "/limits.cards", "w").write(MINI + "\n" + extra)
