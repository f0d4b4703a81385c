"""`Position.simulate`: the core's one simulation, as `grundy simulate --json` answers it; a
series stopped early keeps the games it finished; every bad argument is one clear error."""

import json
import os
import signal
import threading
import time

import pytest

import grundy


def test_perfect_play_wins_every_game_of_an_n_position_and_the_seed_replays():
    s = grundy.Nim(3, 4, 5).simulate(("perfect", "random"), games=200, seed=5)
    assert s["outcome"] == "N"
    assert [w["wins"] for w in s["wins"]] == [200, 0]
    assert (s["games"], s["games_requested"], s["stopped"]) == (200, 200, None)
    assert s == grundy.Nim(3, 4, 5).simulate(("perfect", "random"), games=200, seed=5)
    # A P-position: the second player, perfect, wins every game.
    p = grundy.Nim(1, 4, 5).simulate(["random", "perfect"], games=50, seed=1)
    assert [w["wins"] for w in p["wins"]] == [0, 50]
    # Strengths as ints or strs, and the defaults: perfect against random, 1,000 games.
    assert grundy.Nim(2, 3).simulate((60, "40"), games=10, seed=1)["players"] == ["strength 60", "strength 40"]
    d = grundy.Nim(2, 3).simulate(seed=2)
    assert d["players"] == ["perfect", "random"] and d["games"] == 1000


def test_a_clean_sweep_has_exact_interval_ends():
    # Every game won: the Wilson interval ends exactly at 1 and the loser's exactly at 0, for
    # every number of games (10 in 10 gave 0.9999999999999999 beside 1.0 for 5 in 5); the other
    # ends lie strictly inside and shrink as the games grow.
    lows = []
    for games in (1, 5, 10, 37, 200):
        s = grundy.Nim(3, 4, 5).simulate(("perfect", "random"), games=games, seed=1)
        winner, loser = s["wins"]
        assert (winner["wins"], loser["wins"]) == (games, 0)
        assert winner["ci95"][1] == 1.0 and 0.0 < winner["ci95"][0] < 1.0
        assert loser["ci95"][0] == 0.0 and 0.0 < loser["ci95"][1] < 1.0
        assert winner["ci95"][0] + loser["ci95"][1] == pytest.approx(1.0)
        lows.append(winner["ci95"][0])
    assert lows == sorted(lows)


def test_the_command_line_plays_the_same_series(cli):
    for position, args in [
        (grundy.Nim(5, 7, 9, 11), ["nim", "5", "7", "9", "11"]),
        (grundy.Octal("0.77")(9, 4), ["octal", "0.77", "9", "4"]),
    ]:
        ours = position.simulate(("random", "70"), games=300, seed=11)
        theirs = cli.json("simulate", *args, "--players", "random,70", "--games", "300",
                          "--seed", "11")
        assert json.dumps(ours, sort_keys=True) == json.dumps(theirs, sort_keys=True)
    misere = grundy.Nim(2, 2, 1, misere=True).simulate(("perfect", "random"), games=50, seed=3)
    assert misere["convention"] == "misere" and misere["wins"][0]["wins"] == 50


def test_a_game_too_long_keeps_the_games_before_it_when_asked():
    # Random players on Nim 3 + 3 take 2 to 6 moves; with seed 7 and at most 4, 15 games
    # finish before one runs over (as `grundy simulate` reports, docs/errors.md).
    args = dict(games=1000, seed=7, max_moves=4)
    with pytest.raises(grundy.GrundyError, match=r"more than 4 moves \(max_moves\).*15 of "
                       r"1000 games had finished: simulate\(\.\.\., partial=True\) returns them"):
        grundy.Nim(3, 3).simulate(("random", "random"), **args)
    s = grundy.Nim(3, 3).simulate(("random", "random"), partial=True, **args)
    assert (s["games"], s["games_requested"]) == (15, 1000)
    assert s["stopped"] == "a game went on for more than 4 moves"
    assert sum(w["wins"] for w in s["wins"]) == 15 and s["longest"] <= 4
    # Both sides of the bound: two perfect players on Nim 1000 + 1000 take exactly 2000 moves.
    perfect = ("perfect", "perfect")
    assert grundy.Nim(1000, 1000).simulate(perfect, games=1, max_moves=2000)["longest"] == 2000
    for partial in (False, True):
        with pytest.raises(grundy.GrundyError, match=r"more than 1999 moves") as raised:
            grundy.Nim(1000, 1000).simulate(perfect, games=1, max_moves=1999, partial=partial)
        assert "had finished" not in str(raised.value)


def _interrupted_series(position):
    """Ctrl-C 0.4 s into a series of 10^8 random games from `position`: the simulation that
    grundy.Interrupted holds, after checking that it holds the games finished."""
    timer = threading.Timer(0.4, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt) as raised:
        position.simulate(("random", "random"), games=100_000_000, seed=1)
    timer.join()
    assert time.monotonic() - started < 30
    assert isinstance(raised.value, grundy.Interrupted)
    s = raised.value.simulation
    assert 0 < s["games"] < 100_000_000 and s["games_requested"] == 100_000_000
    assert sum(w["wins"] for w in s["wins"]) == s["games"]
    assert s["stopped"] and f"{s['games']} of 100000000 games finished" in str(raised.value)
    return s


def test_ctrl_c_keeps_the_games_finished():
    _interrupted_series(grundy.Nim(5, 6, 7))


def test_games_defined_in_python_are_simulated():
    take = grundy.Game.from_moves(lambda n: [n - k for k in (1, 2) if k <= n])
    s = take(9).simulate(("perfect", "random"), games=100, seed=4)
    # 9 is a multiple of 3: the player to move loses against best play.
    assert s["outcome"] == "P"
    assert s["wins"][1]["wins"] + s["wins"][0]["wins"] == 100


def test_ctrl_c_keeps_the_games_finished_of_a_game_defined_in_python():
    take = grundy.Game.from_moves(lambda n: [n - k for k in (1, 2) if k <= n])
    _interrupted_series(take(30) + grundy.Nim(5, 6))


def test_an_exception_of_a_game_defined_in_python_stops_its_simulation_as_it_is():
    def moves(n):
        if n == 3:
            raise RuntimeError("no moves from 3 today")
        return [n - 1] if n else []

    with pytest.raises(RuntimeError, match="no moves from 3 today"):
        grundy.Game.from_moves(moves)(5).simulate(("random", "random"), games=10, seed=1)


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (dict(players="perfect"), grundy.GrundyError, "players: expected two players"),
        (dict(players=("perfect",)), grundy.GrundyError, "players: expected two players"),
        (dict(players=("perfect", "random", "bouton")), grundy.GrundyError, "expected two"),
        (dict(players=("perfect", 101)), grundy.GrundyError, 'invalid player "101"'),
        (dict(players=("perfect", "genius")), grundy.GrundyError, 'invalid player "genius"'),
        (dict(players=("perfect", 1.5)), grundy.GrundyError, "players: expected two"),
        (dict(players=5), grundy.GrundyError, "players: expected two players"),
        (dict(games=0), grundy.GrundyError, "games 0 is out of range: expected 1 to 100000000"),
        (dict(games=-1), grundy.GrundyError, "games -1 is out of range"),
        (dict(games=10**8 + 1), grundy.GrundyError, "games 100000001 is out of range"),
        (dict(games=True), TypeError, "games must be an int"),
        (dict(games="10"), TypeError, "games must be an int"),
        (dict(max_moves=0), grundy.GrundyError, "max_moves 0 is out of range: expected 1 to"),
        (dict(max_moves=10**12 + 1), grundy.GrundyError, "max_moves 1000000000001 is out"),
        (dict(seed=-1), grundy.GrundyError, "seed -1 is out of range: expected 0 to"),
        (dict(seed=2**64), grundy.GrundyError, "seed 18446744073709551616 is out of range"),
    ],
)
def test_bad_arguments_are_one_clear_error(kwargs, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        grundy.Nim(3, 4).simulate(**kwargs)


def test_heaps_beyond_64_bits_say_why():
    with pytest.raises(grundy.GrundyError, match=r"heap 18446744073709551616 of nim in a "
                       r"simulation is too large: simulations play heaps of at most 2\^64 - 1"):
        grundy.Nim(2**64, 3).simulate(games=1)
    with pytest.raises(grundy.GrundyError, match=r"lasts at least 2049638230412172401 moves, "
                       r"more than a simulated game may last \(max_moves, at most"):
        grundy.Subtraction({1, 4, 9})(2**64).simulate(games=1)


@pytest.mark.parametrize("position", [grundy.Nim(2**64, 3), grundy.Subtraction({1, 4, 9})(2**64)])
def test_what_the_refusal_of_a_huge_simulation_names_answers_it(position):
    """The refusal says value, winning_moves and best_move answer such a heap: they do."""
    with pytest.raises(grundy.GrundyError, match=r"; value, winning_moves and best_move answer "
                       r"it$"):
        position.simulate(games=1)
    assert isinstance(position.value, int)
    move = position.best_move
    if position.value:
        assert move is not None and move.after.value == 0
        assert len(position.winning_moves) >= 1
    else:
        assert move is not None and len(position.winning_moves) == 0
