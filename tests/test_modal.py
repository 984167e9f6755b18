"""One modal component serves the kiosk's "Still there?" and the "Leave this game?" question
(issue 13, item 6)."""

from __future__ import annotations

from canal_heritage.views.home.kiosk import StillThere
from canal_heritage.views.modal import Modal
from canal_heritage.views.navigation import LeaveDialog


def test_both_questions_are_the_one_modal_component():
    assert issubclass(StillThere, Modal) and issubclass(LeaveDialog, Modal)
    assert StillThere._esm is Modal._esm and LeaveDialog._esm is Modal._esm
    still, leave = StillThere(), LeaveDialog()
    assert (still.prefix, still.level, still.tap_anywhere, still.dismiss) == ("still-there", 1, True, "still-here")
    assert (leave.prefix, leave.level, leave.tap_anywhere, leave.dismiss) == ("leave", 2, False, "stay")


def test_the_leave_question_answers_stay_or_leave_only_while_open():
    told: list[bool] = []
    leave = LeaveDialog(on_answer=told.append)
    leave.param.update(stay_label="Stay in the game", leave_label="Leave the game")
    assert leave.answers == [["stay", "Stay in the game", "stay primary"], ["leave", "Leave the game", "leave"]]
    leave.answer(True)  # a late click: nothing was asked
    assert told == []
    leave.open = True
    leave._handle_msg({"answer": "stay"})
    leave._handle_msg({"answer": "leave"})
    leave._handle_msg({"answer": True})  # Escape: the dismiss answer, "stay"
    leave._handle_msg({"answer": "explode"})  # no such answer
    leave._handle_msg("leave")
    assert told == [False, True, False]


def test_still_there_opens_while_asking_and_any_tap_answers():
    told: list[str] = []
    still = StillThere(on_answer=lambda: told.append("here"), label="I am still here")
    assert not still.open and still.answers == [["still-here", "I am still here", "still-here primary"]]
    still._handle_msg({"answer": True})
    assert told == []
    still.asking = True
    assert still.open
    still._handle_msg({"answer": True})
    still.answer()
    assert told == ["here", "here"]
    still.asking = False
    assert not still.open
