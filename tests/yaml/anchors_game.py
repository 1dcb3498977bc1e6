"""anchors_game.py BASE OUT N: append to the YAML game BASE (mini's export)
N cards with five anchors each, one of which the next card's alias uses, and an
anchor name defined twice (an alias names the latest); write OUT."""
import sys

base, out, n = open(sys.argv[1]).read(), sys.argv[2], int(sys.argv[3])
cards = []
for i in range(n):
    bonus = "*v%d" % (i - 1) if i else "1"
    cards.append('  - card: &n%d "Extra %d"\n    kind: &k%d token\n    values: &m%d\n      side: &s%d blue\n'
                 '      value: &v%d %d\n      bonus: %s\n' % (i, i, i, i, i, i, i % 5 + 1, bonus))
cards.append('  - card: "First"\n    kind: token\n    values: {side: red, value: &twice 7}\n')
cards.append('  - card: "Second"\n    kind: token\n    values: {side: red, value: &twice 2}\n')
cards.append('  - card: "Third"\n    kind: token\n    values: {side: red, value: *twice}\n')
open(out, "w").write(base + "".join(cards))
