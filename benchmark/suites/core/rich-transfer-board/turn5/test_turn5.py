import pytest

from transfer.replay import replay

TICKS = [{"a": 1000, "b": 10}, {"a": 2000, "b": 30}, {"a": 500}, {"a": 1500}, {"a": 3000, "b": 60}]


def test_frames_of_a_replay_with_a_retry():
    frames, _speeds = replay({"a": 3000, "b": None}, TICKS, width=50)
    assert frames == [
        ["a ━━━━━━╸               33% 1.0/3.0 kB", "b ━━━━━━━━━━━━━━━━━━━━      10/? bytes"],
        ["a ━━━━━━━━━━━━━         67% 2.0/3.0 kB", "b ━━━━━━━━━━━━━━━━━━━━      30/? bytes"],
        ["a ━━━                   17% 0.5/3.0 kB", "b ━━━━━━━━━━━━━━━━━━━━      30/? bytes"],
        ["a ━━━━━━━━━━            50% 1.5/3.0 kB", "b ━━━━━━━━━━━━━━━━━━━━      30/? bytes"],
        ["a ━━━━━━━━━━━━━━━━━━━━ 100% 3.0/3.0 kB", "b ━━━━━━━━━━━━━━━━━━━━      60/? bytes"],
        ["a  3.0 kB  done", "b  0.1 kB  ..."],
    ]


def test_speeds_count_from_the_last_retry():
    _frames, speeds = replay({"a": 3000, "b": None}, TICKS, width=50)
    assert speeds == {"a": 1500.0, "b": 12.5}


def test_a_finished_transfer_that_is_retried_is_not_done():
    frames, speeds = replay({"a": 1000}, [{"a": 1000}, {"a": 200}, {"a": 600}], width=40)
    assert frames[-1] == ["a  600 bytes  ..."]
    assert speeds == {"a": None}


def test_speed_needs_two_advances():
    frames, speeds = replay({"x": 100, "y": 100}, [{"x": 50}, {"x": 100}])
    assert speeds == {"x": 50.0, "y": None}
    assert frames[-1] == ["x  100 bytes  done", "y    0 bytes  ..."]


def test_tasks_a_tick_leaves_out_stay_where_they_are():
    frames, _speeds = replay({"x": 100, "y": 100}, [{"x": 50}, {"x": 100}])
    assert frames[:2] == [
        ["x ━━━━━━━━━━            50% 50/100 bytes", "y                        0% 0/100 bytes"],
        ["x ━━━━━━━━━━━━━━━━━━━━ 100% 100/100 bytes", "y                        0% 0/100 bytes"],
    ]


def test_binary_units_and_long_names():
    frames, speeds = replay({"iso": 2048, "readme.txt": 100}, [{"iso": 1024, "readme.txt": 100}, {"iso": 2048}],
                            rate=50, width=44, binary=True)
    assert frames == [
        ["iso        ━━━━━━━         50% 1.0/2.0 KiB", "readme.txt ━━━━━━━━━━━━━━ 100% 100/100 bytes"],
        ["iso        ━━━━━━━━━━━━━━ 100% 2.0/2.0 KiB", "readme.txt ━━━━━━━━━━━━━━ 100% 100/100 bytes"],
        ["iso         2.0 KiB  done", "readme.txt  0.1 KiB  done"],
    ]
    assert speeds == {"iso": 1024.0, "readme.txt": None}


def test_the_rate_does_not_change_the_frames():
    assert replay({"a": 3000, "b": None}, TICKS, rate=100, width=50) == replay({"a": 3000, "b": None}, TICKS, width=50)


def test_nothing_to_replay():
    assert replay({"a": 10}, []) == ([["a  0 bytes  ..."]], {"a": None})
    assert replay({}, []) == ([], {})


def test_ticks_for_unknown_transfers():
    with pytest.raises(KeyError):
        replay({"a": 10}, [{"a": 5, "zz": 1}])


def test_rates_must_be_positive():
    with pytest.raises(ValueError):
        replay({"a": 10}, [{"a": 5}], rate=0)
