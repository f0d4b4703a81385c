"""Coin-turning games from Python: the named rows, rows of a described rule (``Coins``) and the
two-dimensional games (``Tartan``, ``TurningCorners``, ``Rugs``, ``Acrostic``,
``AcrosticTwins``), compared with the command line."""

import pytest

import grundy

LAYOUT = "TTTTT/TTTHT/TTTTT/TTHTT/TTTTH"


def test_the_coin_families_are_in_the_registry():
    names = {f.name for f in grundy.families()}
    assert {"coins", "tartan", "turning-corners", "rugs", "acrostic", "acrostic-twins"} <= names
    assert [p.name for p in grundy.Coins.params] == ["rule"]
    assert [p.name for p in grundy.Tartan.params] == ["rows", "columns"]
    assert grundy.TurningCorners.term == "turning-corners"
    assert grundy.Tartan("twins", "ruler").term == "tartan{twins;ruler}"
    assert grundy.Tartan(rows="coins{at-most=3}", columns="ruler").term == "tartan{at-most=3;ruler}"


def test_rows_of_a_described_rule(cli):
    # Mock Turtles numbered from 1: THHTH has heads worth 2, 4 and 8.
    p = grundy.Coins("at-most=3")("THHTH")
    assert p.value == 2 ^ 4 ^ 8
    assert p == grundy.Coins("at-most=3")(0, 1, 1, 0, 1)
    expected = cli.json("analyze", "coins", "at-most=3", "THHTH")
    assert p.winning_moves.count == expected["winning_move_count"]
    assert [m.text for m in p.winning_moves] == [m["text"] for m in expected["winning_moves"]]
    for m in p.winning_moves:
        assert m.after.value == 0
    # The named game and its rule: the same values, row by row (the named game numbers its
    # coins from 0, the rule from 1: the same coins).
    for row in ["HHTH", "THTHHT", "HHHHHHH"]:
        assert grundy.MockTurtles(row).value == grundy.Coins("at-most=3")(row).value


def test_grids_by_the_tartan_theorem(cli):
    # Ferguson, Game Theory, Part I §5.2-5.4: Turning Corners 3 xor 1 xor 6 = 4, one winning
    # move; Rugs 8 xor 4 xor 1 = 13; Acrostic Twins 2 xor 1 xor 0 = 3.
    corners = grundy.TurningCorners(LAYOUT)
    assert corners.value == 4
    (m,) = corners.winning_moves
    assert m.after.text == "turning-corners:TTTTT/TTTHT/TTTTT/TTHHH/TTTHT"
    assert grundy.Rugs(LAYOUT).value == 13
    assert grundy.AcrosticTwins(LAYOUT).value == 3
    assert grundy.Tartan("ruler", "ruler")(LAYOUT).value == 13
    mock = grundy.Tartan("mock-turtles", "mock-turtles")("THTTTT/TTTTTT/TTTTTT/TTTTTT/TTTTTH")
    assert mock.value == 11
    expected = cli.json("analyze", "tartan", "mock-turtles", "mock-turtles", mock.text.split(":")[1])
    assert mock.winning_moves.count == expected["winning_move_count"]
    assert "G(x) ⊗ H(y)" in mock.explain()
    total = grundy.parse("rugs:HT/TH + coins{two-at=1,2}:HTH + nim:3")
    assert total.values == [2, 2, 3]
    assert len(total.options) == len(total.moves)


def test_bad_rules_and_grids_say_what_is_allowed():
    with pytest.raises(grundy.GrundyError, match="at-most=K"):
        grundy.Coins("sometimes")
    with pytest.raises(grundy.GrundyError, match="from 1 to 64"):
        grundy.Coins("at-most=0")
    with pytest.raises(grundy.GrundyError, match="separated by /"):
        grundy.TurningCorners("TH/T")
    with pytest.raises(grundy.GrundyError, match="1 to 21 coins"):
        grundy.Coins("any")("H" * 22)
    with pytest.raises(grundy.GrundyError, match=r"invalid coin grid \"1,0\""):
        grundy.Rugs(1, 0)
