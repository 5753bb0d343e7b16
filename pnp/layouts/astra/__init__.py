"""Astra's printables: cards, journals, boards, tokens, aids and the score pad."""
