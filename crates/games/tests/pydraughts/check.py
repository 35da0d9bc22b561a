"""Replays tablero's PDN with pydraughts, an independent reader, and writes
the games back in pydraughts's own PDN (called by tests/pdn_pydraughts.rs).

    python check.py IN.pdn OUTDIR

For each game of IN.pdn (read with pydraughts's PDNReader, which tries
UTF-8, then Latin-1) every move is matched with pydraughts's legal moves;
one line of JSON a game goes to stdout: the variant, the number of moves
and pydraughts's FEN of the final position. OUTDIR receives the games as
pydraughts writes them (its own move texts, FEN and game type, the other
tags kept, Event set to a word with an accent) in three encodings:
out-utf8.pdn, out-bom.pdn (UTF-8 with a byte-order mark) and
out-latin1.pdn (ISO 8859-1).
"""
import json
import os
import sys

from draughts import Board, Move
from draughts.PDN import PDNReader, PDNWriter


def main() -> None:
    path, out = sys.argv[1], sys.argv[2]
    reader = PDNReader(filename=path)
    texts = []
    for number, game in enumerate(reader.games, 1):
        variant = game.variant
        fen = game.tags.get("FEN")
        board = Board(variant, fen) if fen else Board(variant)
        for index, text in enumerate(game.moves, 1):
            legal = board.legal_moves()
            try:
                move = Move(board, pdn_move=text)
            except Exception as error:  # pydraughts raises several kinds
                sys.exit(f"game {number} move {index} {text!r}: not read: {error}")
            if move.board_move not in [m.board_move for m in legal]:
                sys.exit(f"game {number} move {index} {text!r}: not legal for pydraughts "
                         f"(legal: {[m.pdn_move for m in legal]})")
            board.push(move)
        print(json.dumps({"game": number, "variant": variant, "moves": len(game.moves),
                          "fen": board.fen}))
        tags = {k: v for k, v in game.tags.items() if k not in ("FEN", "GameType", "SetUp")}
        tags["Event"] = "Málaga"
        writer = PDNWriter(None, board=board, tags=tags, game_ending=game.game_ending)
        texts.append(writer.pdn_text)
    text = "".join(texts)
    for name, encoding in [("out-utf8.pdn", "utf-8"), ("out-bom.pdn", "utf-8-sig"),
                           ("out-latin1.pdn", "latin-1")]:
        with open(os.path.join(out, name), "w", encoding=encoding) as f:
            f.write(text)


if __name__ == "__main__":
    main()
