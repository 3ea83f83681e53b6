"""HTML for Jupyter (_repr_html_): the itemized table and the sheet, escaped, no script."""

from html import escape

from .units import format_bytes

_STYLE = ("<style>.gpusizer td,.gpusizer th{padding:2px 8px;text-align:right}"
          ".gpusizer td:first-child,.gpusizer th:first-child{text-align:left}"
          ".gpusizer .unknown{color:#a33}</style>")


def _cell(b):
    if b is None:
        return '<td class="unknown">unknown</td>'
    return '<td title="%d B">%s</td>' % (b, escape(format_bytes(b)))


def pre(text):
    return "<pre>%s</pre>" % escape(text)


def estimate(e):
    ids = [p.id for p in e.phases]
    head = "".join("<th>%s</th>" % escape(i) for i in ids)
    rows = []
    for it in e.items:
        cells = "".join(_cell(it.phases.get(i)) if i in it.phases or it.basis != "unknown"
                        else '<td class="unknown">unknown</td>' for i in ids)
        rows.append('<tr data-item="%s"><td title="%s">%s</td><td>%s</td>%s</tr>'
                    % (escape(it.id), escape(it.formula), escape(it.id), escape(it.basis), cells))
    peaks = "".join(_cell(p.peak_bytes) for p in e.phases)
    parts = [_STYLE, '<div class="gpusizer">',
             "<p><b>%s</b>, %s, runtime %s</p>" % (escape(str(e.model.get("source", ""))), escape(e.format),
                                                 escape(e.runtime)),
             "<p>weights only: <b>%s</b> (%s) &middot; indicative envelope: <b>%s</b> (%s)</p>"
             % (escape(format_bytes(e.weights_only.bytes)), escape(format_bytes(e.weights_only.bytes, "GB")),
                escape(format_bytes(e.envelope.bytes)), escape(format_bytes(e.envelope.bytes, "GB"))),
             "<table><tr><th>item</th><th>basis</th>%s</tr>%s<tr><th>phase peak</th><th></th>%s</tr></table>"
             % (head, "".join(rows), peaks),
             "<p>peak phase: <b>%s</b>, %s%s</p>" % (escape(e.peak_phase), escape(format_bytes(e.peak)),
                                                    " + unknown items (a floor)" if e.unknown_items else "")]
    if e.interval:
        parts.append("<p>interval (%s target): %s</p>" % (escape(str(e.interval.coverage_target)),
                                                          escape(str(e.interval))))
    if e.verdict:
        parts.append("<p><b>%s</b></p>" % escape(str(e.verdict)))
    if e.unknowns:
        parts.append("<p>unknowns:</p><ul>%s</ul>" % "".join("<li>%s</li>" % escape(u) for u in e.unknowns))
    parts.append("</div>")
    return "".join(parts)


def matrix(m):
    head = "".join("<th>%s</th>" % escape(f) for f in m.formats)
    rows = []
    for r in m.rows:
        cells = []
        for c in r.cells:
            if c.refused:
                cells.append('<td class="unknown" title="%s">refused</td>' % escape(c.reason))
            elif not c.fits:
                cells.append('<td title="%s">no</td>' % escape(c.reason))
            elif c.best_certain is not None and c.best_certain < c.best:
                # fits for certain up to best_certain, to confirm up to best (the CLI's A..B)
                cells.append('<td title="%s">%s..%s</td>' % (escape(c.reason), c.best_certain, c.best))
            else:
                cells.append('<td title="%s">%s</td>' % (escape(c.reason), escape(str(c.best))))
        rows.append("<tr><td>%s</td>%s</tr>" % (escape(r.model), "".join(cells)))
    return '%s<div class="gpusizer"><p>largest %s that fits %s</p><table><tr><th>model</th>%s</tr>%s</table></div>' % (
        _STYLE, escape(m.searched), escape(format_bytes(m.capacity_bytes)), head, "".join(rows))


def shortlist(s):
    rows = []
    for o in s.offers:
        cost = o.cost.get("total", "")
        rows.append("<tr><td>%s</td><td>%s</td><td>%d</td><td>%s</td>%s<td>%s %s</td></tr>"
                    % (escape(o.id), escape(o.gpu), o.count, escape(o.verdict), _cell(o.margin_bytes),
                       escape(str(cost)), escape(str(o.cost.get("currency", "")))))
    return ('%s<div class="gpusizer"><p>need per GPU: %s (%s)</p><table><tr><th>offer</th><th>gpu</th><th>count</th>'
            "<th>verdict</th><th>margin</th><th>total cost</th></tr>%s</table></div>"
            % (_STYLE, escape(format_bytes(s.peak_bytes_per_gpu)), escape(s.need_basis), "".join(rows)))


def comparison(c):
    if not c.rows:
        return "<p>no device counter was measured: the run recorded %d phases and their dimensions only</p>" % len(
            c.run.get("phases", []))
    rows = "".join("<tr><td>%s</td><td>%d</td>%s%s<td>%s</td></tr>"
                   % (escape(r["phase"]), r["gpu"], _cell(r["estimated_bytes"]), _cell(r["measured_bytes"]),
                      escape(r["counter"])) for r in c.rows)
    return ('%s<div class="gpusizer"><table><tr><th>phase</th><th>gpu</th><th>estimated</th><th>measured</th>'
            "<th>counter</th></tr>%s</table></div>" % (_STYLE, rows))


def sheet_fragment(html):
    """The sheet is a whole document: shown in a sandboxed frame so its styles stay its own."""
    return ('<iframe sandbox="" style="width:100%%;height:900px;border:1px solid #ccc" srcdoc="%s"></iframe>'
            % escape(html, quote=True))
