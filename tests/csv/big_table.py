"""big_table.py: write a game to DIR whose cards come from one CSV table
of N rows (game.cards declares the kind and the rules, cards.csv the cards)."""
import sys

out, n = sys.argv[1], int(sys.argv[2])
open(out + "/game.cards", "w").write('''game big "A Big Table" {
  players 2
  sides red "Red", blue "Blue"
}

kind token {
  side : side
  value : int
  text : text = ""
}

zone deck per player of token
counter score per player

setup {
  for p in players { for c in box where c.side == p.side { move c to p.deck } }
}

round {
  for p in players { p.score += count(c in p.deck) }
  for p in players { if p.score > 0 { win p } }
}
''')
with open(out + "/cards.csv", "w") as f:
    f.write("name,kind,count,side,value,text\n")
    for i in range(n):
        f.write('Card %d,token,1,%s,%d,"Text of card %d, with a comma"\n' % (i, "red" if i % 2 else "blue", i % 7, i))
