"""The classroom's pages as the server serves them: ``/join`` for a student's
device, ``/teacher`` for the teacher (see :mod:`canal_heritage.views.classroom.pages`).

Each function builds one browser session's page, reading the address (``?code=``,
``?lang=``) and where the request comes from: the teacher's page answers at once on the
server machine itself (a loopback address), and asks any other device for the PIN that
``serve --lan`` printed. A device's address is never shown or kept: it becomes a keyed id
(:meth:`~canal_heritage.rooms.hub.Hub.client`) for the logs and the attempt limits.
"""

from __future__ import annotations

from typing import Any

import panel as pn

from .exhibit import main_landmark
from .i18n import normalise_language, translator
from .rooms import network, service  # modules: looked up as a page is made (tests stand in for them)
from .settings import settings
from .views.classroom import pages  # the pages' classes too: looked up as a page is made


def _request() -> Any:
    ctx = pn.state.curdoc.session_context if pn.state.curdoc is not None else None
    return getattr(ctx, "request", None)


def remote_ip() -> str | None:
    """The address the page's request came from (None outside a server)."""
    request = _request()
    ip = getattr(request, "remote_ip", None) if request is not None else None
    return str(ip) if ip else None


def _query() -> dict[str, str]:
    query = pn.state.location.query_params if pn.state.location is not None else {}
    return {str(k): str(v) for k, v in query.items() if isinstance(v, str | int)}


def _unavailable(lang: str) -> pn.viewable.Viewable:
    tr = translator(lang)
    return pn.pane.HTML("<h1>" + tr.ui("room.unavailable", "The classroom is not available on this server.") + "</h1>")


#: How often a page checks that its browser is still connected (milliseconds). A closed tab
#: closes its websocket at once, but the server discards the page only 15–30 s later: without
#: this, the teacher would see a student who closed the tab as connected for that long.
CONNECTION_CHECK_MS = 1000


def _page_setup(page: Any, title: str) -> None:
    if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
        pn.state.curdoc.title = title
        pn.state.curdoc.template = main_landmark()
        pn.state.on_session_destroyed(lambda _ctx: page.leave())
        _leave_when_gone(page)


def _leave_when_gone(page: Any) -> None:
    """Call ``page.leave()`` within :data:`CONNECTION_CHECK_MS` of its browser going away (the
    tab closed, the device asleep, the network lost): its seat shows as away on the teacher's
    page. A browser that has not connected yet is waited for."""
    assert pn.state.curdoc is not None
    context = pn.state.curdoc.session_context
    seen = {"connected": False}
    callback: Any = None

    def check() -> None:
        session = getattr(context, "session", None)
        connections = getattr(session, "connection_count", None)
        if connections is None:
            return
        if connections > 0:
            seen["connected"] = True
        elif seen["connected"]:
            page.leave()
            if callback is not None:
                callback.stop()

    callback = pn.state.add_periodic_callback(check, period=CONNECTION_CHECK_MS)


def create_join_page(current: Any = None) -> pn.viewable.Viewable:
    """A student's device: ``/join?code=K4TXA&lang=fr``, in ``current`` (the server's
    classroom; default: the one opened last)."""
    query = _query()
    lang = normalise_language(query.get("lang"))
    current = current or service.classroom()
    if current is None:
        return _unavailable(lang)
    hub = current.hub
    page = pages.JoinPage(hub, code=query.get("code", "")[:16], lang=lang, client=hub.client(remote_ip()))
    _page_setup(page, translator(lang).ui("room.join_title", "Join your class’s game"))
    return page.__panel__()


def create_teacher_page(current: Any = None) -> pn.viewable.Viewable:
    """The teacher's page: ``/teacher`` (``?code=`` shows that room on the projector), in
    ``current`` (the server's classroom; default: the one opened last)."""
    query = _query()
    lang = normalise_language(query.get("lang"))
    current = current or service.classroom()
    if current is None:
        return _unavailable(lang)
    hub = current.hub
    ip = remote_ip()
    now = settings()
    page = pages.TeacherPage(hub, lang=lang, allowed=network.is_loopback(ip), pin=now.teacher_pin,
                             client=hub.client(ip), join_urls=now.join_urls, port=now.port,
                             code=query.get("code", "")[:16])
    _page_setup(page, translator(lang).ui("teacher.title", "The teacher’s page"))
    return page.__panel__()
