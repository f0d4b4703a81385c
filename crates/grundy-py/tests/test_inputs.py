"""What Python users pass: NumPy integers, ints of any size, progress=True (issue 29)."""

import sys

import numpy
import pytest

import grundy

INT_TYPES = [numpy.int8, numpy.int16, numpy.int32, numpy.int64,
             numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64]


@pytest.mark.parametrize("kind", INT_TYPES, ids=lambda t: t.__name__)
def test_numpy_integers_are_heaps_and_parameters(kind):
    assert grundy.Nim(kind(3), kind(5)) == grundy.Nim(3, 5)
    assert grundy.Octal("0.77")(kind(10)).value == grundy.Octal("0.77")(10).value
    assert grundy.Subtraction({kind(1), kind(4)}) == grundy.Subtraction({1, 4})
    assert grundy.Bachet(kind(3)) == grundy.Bachet(3)
    assert grundy.Moore(k=kind(2)) == grundy.Moore(2)
    seq = grundy.Subtraction({1, 4, 9}).sequence(kind(20))
    assert len(seq) == 20 and seq.at(kind(17)) == seq.values[17]
    assert seq[kind(3)] == seq.values[3]


def test_numpy_arrays_are_positions_and_parameters():
    heaps = numpy.array([3, 4, 5], dtype=numpy.int64)
    assert grundy.Nim(*heaps) == grundy.Nim(3, 4, 5)
    assert grundy.Nim(heaps) == grundy.Nim(3, 4, 5)
    assert grundy.Wythoff(numpy.array([10, 7])) == grundy.Wythoff(10, 7)
    assert grundy.Subtraction(numpy.arange(1, 4)) == grundy.Bachet(3)
    assert grundy.Nim(numpy.uint64(2**64 - 1), 1).value == 2**64 - 2


def test_ints_of_any_size_do_not_depend_on_the_str_digit_limit():
    # Python refuses to write ints of more than 4,300 digits as text (by default) and fewer
    # when the limit is lowered: heaps are read through their bytes, so neither matters.
    big = 2 * 7**20000  # 16,902 digits, even
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        p = grundy.Nim(big, big + 1, 2)
        assert p.value == 3
        assert grundy.Nim(big, 5).value == big ^ 5
        assert grundy.Subtraction({1, 2}).sequence(9).at(big) == big % 3
        move = grundy.Nim(big, 3).winning_moves[0]
        assert move.after.value == 0
    finally:
        sys.set_int_max_str_digits(before)


def test_the_largest_heap_and_one_digit_more():
    largest = 10**100000 - 1
    assert grundy.Nim(largest, largest).value == 0
    with pytest.raises(grundy.GrundyError, match=r"\(100001 digits\)\" is out of range"):
        grundy.Nim(largest + 1)


def test_wrong_types_are_type_errors():
    for bad in (3.0, True, numpy.float64(3), numpy.bool_(True), None, object()):
        with pytest.raises(TypeError, match="must be an int"):
            grundy.Nim(3, bad)
    with pytest.raises(TypeError, match="a position of cram must be"):
        grundy.Cram(3.5)
    with pytest.raises(TypeError, match="must be an int"):
        grundy.Subtraction({1, 2}).sequence(10).at(2.0)


def test_progress_true_is_accepted_wherever_there_is_progress(capsys):
    seq = grundy.GrundysGame.sequence(3000, progress=True)
    assert len(seq) == 3000
    seq.extend(4000, progress=True)
    assert seq.at(3999, progress=True) == seq.values[3999]
    quotient = grundy.Octal("0.07").misere_quotient(max_heap=8, progress=True)
    assert quotient.max_heap == 8
    err = capsys.readouterr().err
    try:
        import tqdm  # noqa: F401
    except ImportError:
        # Without tqdm a line of text, ending where the run ended.
        assert "3000 of 3000 (100%)" in err and "8 of 8 (100%)" in err, err
    with pytest.raises(TypeError, match="None, True, False or a callable"):
        grundy.GrundysGame.sequence(10, progress="yes")
