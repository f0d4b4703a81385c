"""Positions: values, outcomes, moves and explanations, compared with the command line."""

import html as html_text

import pytest

import grundy


def test_every_registered_family_is_named():
    # The names come from the registry: a new family appears without a change here.
    for f in grundy.families():
        named = getattr(grundy, grundy.python_name(f.name))
        if f.params:
            assert isinstance(named, grundy.Family) and named.name == f.name
        else:
            assert isinstance(named, grundy.Ruleset) and named.family.name == f.name
        assert grundy.python_name(f.name) in grundy.__all__
        # Each family's own example term reads and writes itself back.
        p = grundy.parse(f.example)
        assert grundy.parse(p.text) == p


def test_generic_and_named_rulesets_agree():
    assert grundy.Ruleset("subtraction", set={1, 4, 9}) == grundy.Subtraction({1, 4, 9})
    assert grundy.Ruleset("sub", "1,4,9") == grundy.Subtraction([9, 1, 4])
    assert grundy.Ruleset("sub{1,4,9}") == grundy.Subtraction((1, 4, 9))
    assert grundy.Subtraction(range(1, 4)) == grundy.Bachet(3)
    assert grundy.Ruleset("octal", "kayles") == grundy.Octal(code="0.77")
    assert grundy.Ruleset("moore", k=2) == grundy.Moore(2)
    assert grundy.Ruleset("nim") == grundy.Nim
    assert grundy.Bachet(3)(10).value == 2
    assert grundy.AllBut({2, 3})(10).value == grundy.parse("allbut{2,3}:10").value
    assert grundy.GrundysGame(9).value == grundy.parse("grundys:9").value
    assert len({grundy.Subtraction({1, 2}), grundy.Subtraction([2, 1])}) == 1


def test_bad_parameters_say_what_is_allowed():
    with pytest.raises(grundy.GrundyError, match="one of: set"):
        grundy.Subtraction(sets={1})
    with pytest.raises(grundy.GrundyError, match="given twice"):
        grundy.Subtraction({1}, set={2})
    with pytest.raises(grundy.GrundyError, match=r"1 \(set\)"):
        grundy.Ruleset("subtraction")
    with pytest.raises(TypeError):
        grundy.Subtraction({1.5})
    with pytest.raises(TypeError):
        grundy.Nim(3.0)
    with pytest.raises(TypeError):
        grundy.Nim(True)


def test_values_outcomes_and_sums():
    p = grundy.Nim(2, 3, 4)
    assert (p.value, p.values, p.outcome, p.winner) == (5, [2, 3, 4], "N", "player to move")
    assert grundy.Nim(1, 2, 3).outcome == "P"
    assert grundy.Nim(1, 2, 3).winning_moves.count == 0
    assert not grundy.Nim(1, 2, 3).winning_moves
    q = sum([grundy.Nim(3, 4), grundy.Subtraction({1, 4, 9})(11), grundy.Wythoff(10, 7)])
    assert q.text == "nim:3,4 + sub{1,4,9}:11 + wythoff:10,7"
    assert q.values == [3, 4, 1, 15] and q.value == 3 ^ 4 ^ 1 ^ 15
    assert len(q) == 4 and [c.text for c in q.components][-1] == "wythoff:10,7"
    with pytest.raises(grundy.GrundyError, match="one convention"):
        grundy.Nim(1) + grundy.Nim(2).misere()
    with pytest.raises(TypeError):
        grundy.Nim(1) + 1


def test_heaps_of_any_size():
    huge = 10**40
    p = grundy.Nim(huge, huge + 5, 3)
    assert p.value == 5 ^ 3
    assert p.values == [huge, huge + 5, 3]
    (m,) = p.winning_moves
    assert m.after.value == 0 and m.after.text == f"nim:{huge},{huge + 3},3"
    with pytest.raises(grundy.GrundyError, match="component"):
        p.options
    # A Wythoff board beyond 64 bits: its P-positions by the closed form.
    a, b = 1618033988749894848204586834365, 2618033988749894848204586834365
    assert grundy.Wythoff(a, b).outcome == "P" and grundy.Wythoff(a, b).value == 0
    w = grundy.Wythoff(a, b + 1)
    assert w.outcome == "N" and all(m.after.outcome == "P" for m in w.winning_moves)
    with pytest.raises(grundy.GrundyError, match="only at its P-positions"):
        w.value


def test_periodic_heaps_of_any_size_are_lookups(cli):
    # Subtraction {1,4,9} has period 5 from 0: G(10**30 + 1) = G(1) = 1.
    huge = 10**30 + 1
    p = grundy.Subtraction({1, 4, 9})(huge)
    assert p.value == 1
    expected = cli.json("analyze", "subtraction", "--set", "1,4,9", str(huge))
    assert [m.text for m in p.winning_moves] == [m["text"] for m in expected["winning_moves"]]
    assert all(m.after.value == 0 for m in p.winning_moves)
    # Kayles beyond 2^64: its splits counted exactly through the period.
    k = grundy.Octal("0.77")(2**64 + 1)
    # JSON writes counts beyond 2^53 as strings of digits.
    assert k.winning_moves.count == int(cli.json("analyze", "octal", "0.77", str(2**64 + 1))["winning_move_count"])
    assert all(m.after.value == 0 for m in k.winning_moves[:20])
    # Lasker's Nim by its closed form: 4k + 3 and 4k + 4 swap, at 2^64 - 1 and beyond.
    assert grundy.Lasker(2**64 - 1).value == 2**64
    assert grundy.Lasker(2**64).value == 2**64 - 1
    two = grundy.Lasker(10**30, 10**30 + 6)
    expected = cli.json("analyze", "lasker", str(10**30), str(10**30 + 6))
    assert [m.text for m in two.winning_moves] == [m["text"] for m in expected["winning_moves"]]
    assert all(m.after.value == 0 for m in two.winning_moves)


def test_winning_moves_are_counted_exactly_beyond_the_list(cli):
    p = grundy.Octal("0.77")(10**6)
    moves = p.winning_moves
    expected = cli.json("analyze", "octal", "0.77", str(10**6))
    assert moves.count == expected["winning_move_count"] > len(moves) == grundy.MAX_LISTED_MOVES
    assert not moves.complete
    assert [m.text for m in moves[:5]] == [m["text"] for m in expected["winning_moves"][:5]]
    for m in moves[:20]:
        assert m.after.value == 0


def test_options_and_moves_follow_the_rules():
    p = grundy.Subtraction({1, 4})(5) + grundy.Nim(1)
    assert [o.text for o in p.options] == [
        "sub{1,4}:4 + nim:1",
        "sub{1,4}:1 + nim:1",
        "sub{1,4}:5 + nim:0",
    ]
    assert [m.text for m in p.moves] == [m.text for m in p.moves]
    assert [m.after for m in p.moves] == p.options
    assert grundy.Nim(0, 0).options == [] and grundy.Nim(0, 0).finished
    assert grundy.Nim(0, 0).best_move is None
    best = grundy.Nim(2, 3, 4).best_move
    assert best.after.value == 0


def test_misere_play(cli):
    assert grundy.Nim(1, 1, 1).misere().outcome == "P"
    assert grundy.Nim(1, 1).misere().outcome == "N"
    p = grundy.parse("sub{1,2}:4 + nim:2", misere=True)
    assert p.convention == "misere" and p.normal().convention == "normal"
    expected = cli.json("analyze", "sum", "sub{1,2}:4", "nim:2", "--misere")
    assert p.outcome == expected["outcome"]
    assert p.winning_moves.count == expected["winning_move_count"]
    assert repr(p) == "grundy.parse('sub{1,2}:4 + nim:2', misere=True)"


@pytest.mark.parametrize(
    "python, args",
    [
        (lambda: grundy.Nim(2, 3, 4), ["analyze", "nim", "2", "3", "4"]),
        (lambda: grundy.Subtraction({1, 4, 9})(11, 15), ["analyze", "subtraction", "--set", "1,4,9", "11", "15"]),
        (lambda: grundy.Octal("0.77")(10, 20), ["analyze", "octal", "0.77", "10", "20"]),
        (lambda: grundy.Wythoff(10, 7), ["analyze", "wythoff", "10", "7"]),
        (lambda: grundy.Moore(k=2)(3, 5, 6), ["analyze", "moore", "--k", "2", "3", "5", "6"]),
        (lambda: grundy.Lasker(7, 9), ["analyze", "lasker", "7", "9"]),
        (
            lambda: grundy.Nim(3, 4) + grundy.Subtraction({1, 4, 9})(11) + grundy.Lasker(7),
            ["analyze", "sum", "nim:3,4", "sub{1,4,9}:11", "lasker:7"],
        ),
        (lambda: grundy.Nim(10**30, 3), ["analyze", "nim", str(10**30), "3"]),
    ],
)
def test_reports_are_the_command_lines(cli, python, args):
    p = python()
    assert p.explain() == cli.text(*args, "--explain")
    assert p.to_text() == cli.text(*args)
    assert p.to_dict(explain=True) == cli.json(*args, "--explain")
    html = p._repr_html_()
    assert html.startswith("<div") and "<table>" in html
    for m in p.winning_moves:
        assert html_text.escape(m.text, quote=False) in html or len(p.winning_moves) > 10


def test_nim_html_is_boutons_table():
    html = grundy.Nim(2, 3, 4)._repr_html_()
    # Three columns 2^2..2^0, the deciding one (bit 2) shaded, heap 3 in bold.
    assert html.count("<th style=\"text-align:center\">2<sup>") == 3
    assert "<b>heap 3</b>" in html and "<b>heap 1</b>" not in html
    assert html.count("background:#dde8ff") == 4  # bit 2 of three heaps and of the nim-sum
    assert "heap 3: 4 -&gt; 1 (take 3)" in html


@pytest.mark.parametrize(
    "python, args",
    [
        (lambda: grundy.parse("nim:3,-4"), ["analyze", "sum", "nim:3,-4"]),
        (lambda: grundy.parse("chess:3"), ["analyze", "sum", "chess:3"]),
        (lambda: grundy.parse("nim"), ["analyze", "sum", "nim"]),
        (lambda: grundy.Subtraction({0, 1}), ["analyze", "subtraction", "--set", "0,1", "3"]),
        (lambda: grundy.Octal("0.8"), ["analyze", "octal", "0.8", "3"]),
        (lambda: grundy.parse("wythoff:1,2,3"), ["analyze", "sum", "wythoff:1,2,3"]),
        (
            lambda: grundy.parse("moore{2}:1000,999,997 + nim:1").outcome,
            ["analyze", "sum", "moore{2}:1000,999,997", "nim:1"],
        ),
        (
            lambda: grundy.Wythoff(10**30, 3).misere().outcome,
            ["analyze", "wythoff", str(10**30), "3", "--misere"],
        ),
        (
            lambda: grundy.parse(f"nim:{2**64} + lasker:1", misere=True).outcome,
            ["analyze", "sum", f"nim:{2**64}", "lasker:1", "--misere"],
        ),
    ],
)
def test_errors_are_the_command_lines(cli, python, args):
    with pytest.raises(grundy.GrundyError) as raised:
        python()
    assert isinstance(raised.value, ValueError)
    assert cli.error(*args) == f"error: {raised.value}"


def test_misere_repr_teaches_the_misere_rule():
    """Issue 25: the notebook view of Nim(1, 1, 3) under misère play taught the normal-play
    move 3 -> 0, which loses; the winning move is 3 -> 1."""
    p = grundy.Nim(1, 1, 3).misere()
    html = p._repr_html_()
    assert "odd number of 1-heaps" in html
    assert "heap 3: 3 -&gt; 1 (take 2)" in html
    assert "3 -&gt; 0" not in html
    assert [m.text for m in p.winning_moves] == ["heap 3: 3 -> 1 (take 2)"]
    assert "3 to 1" in p.explain()
    normal = grundy.Nim(1, 1, 3)._repr_html_()
    assert "odd number of 1-heaps" not in normal


def test_equal_moves_are_one_entry_with_their_count():
    """Issue 25: Node-Kayles on complete:4 listed "vertex 0" four times."""
    moves = grundy.parse("node-kayles:complete:4").winning_moves
    assert len(moves) == 1 and moves.count == 1
    assert moves[0].count == 4
    assert "one of 4 equal moves" in moves[0].text


def test_a_chomp_bar_beyond_the_search_is_won_by_strategy_stealing():
    # Issue 65: a full bar beyond the search is won by the player to move (strategy stealing,
    # [Gale 1974] in docs/bibliography.md), answered at once; the argument names no move, so
    # asking for the winning moves says so, and the best move bites the top right square.
    p = grundy.parse("chomp:30x20")
    assert p.outcome == "N"
    assert p.to_dict()["provenance"] == ["strategy-stealing"]
    assert p.to_dict()["winning_moves"] is None
    with pytest.raises(grundy.GrundyError, match="names no move"):
        p.winning_moves
    best = p.best_move
    assert best is not None
    assert best.after.text == "chomp:" + ",".join(["20"] * 29 + ["19"])
    # Its value is not known: refused at once, naming why (not after the search's budget).
    with pytest.raises(grundy.GrundyError, match="beyond the search"):
        p.value
    with pytest.raises(grundy.GrundyError, match="beyond the search"):
        p.values
