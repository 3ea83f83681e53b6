"""Typed results over the library's JSON answers.

Every figure is an int of bytes (None where the library says unknown); the
dict the library answered stays in .raw, so nothing is lost when a field is
not mapped here. str() prints what the CLI prints (the library renders it),
repr() is one line, and _repr_html_ draws the table inline in Jupyter.
"""

from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import _html
from .units import format_bytes

__all__ = ["Figure", "Interval", "Item", "Phase", "GpuPeak", "Verdict", "Estimate", "FitAnswer", "MatrixCell",
           "MatrixRow", "Matrix", "Offer", "Shortlist", "Sheet", "Comparison", "Diagnosis"]


def _interval(o):
    if not o:
        return None
    return Interval(low_bytes=o["low_bytes"], high_bytes=o["high_bytes"],
                    coverage_target=o.get("coverage_target"), records=o.get("records"),
                    kind=o.get("kind"), why=o.get("why", ""))


@dataclass(frozen=True)
class Figure:
    """An exact byte count with the formula that gave it."""
    bytes: int
    formula: str = ""

    @property
    def gib(self):
        return self.bytes / 2**30

    @property
    def gb(self):
        return self.bytes / 10**9

    def __str__(self):
        return "%s (%s; %d B)" % (format_bytes(self.bytes, "GiB"), format_bytes(self.bytes, "GB"), self.bytes)


@dataclass(frozen=True)
class Interval:
    """The calibration interval around a peak: low and high bytes, its coverage target."""
    low_bytes: int
    high_bytes: int
    coverage_target: Optional[float] = None
    records: Optional[int] = None
    kind: Optional[str] = None
    why: str = ""

    def __str__(self):
        return "%s to %s" % (format_bytes(self.low_bytes), format_bytes(self.high_bytes))


@dataclass(frozen=True)
class Item:
    """One line of the itemized table: bytes per phase (None: unknown or absent)."""
    id: str
    basis: str                      # estimated | measured | unknown
    bytes: Optional[int]            # the largest over the phases; None when unknown
    phases: Dict[str, Optional[int]]
    formula: str = ""
    source: str = ""


@dataclass(frozen=True)
class Phase:
    id: str
    what: str
    peak_bytes: int                 # known items only when excludes_unknowns
    basis: str
    excludes_unknowns: bool
    interval: Optional[Interval] = None


@dataclass(frozen=True)
class GpuPeak:
    gpu: int
    stage: int
    peak_bytes: int
    interval: Optional[Interval] = None


@dataclass(frozen=True)
class Verdict:
    """Does it fit the capacity the sheet names (a GPU or a size)?

    verdict is the seed's class: "fits", "to_confirm" (with the condition to
    check) or "does_not_fit"; fits is the point estimate alone."""
    fits: Optional[bool]
    rule: str
    capacity_bytes: int
    margin_bytes: int
    why: str
    how: str
    as_far_as_known: bool
    verdict: str = ""
    condition: str = ""

    @classmethod
    def from_json(cls, o):
        if not o:
            return None
        return cls(fits=o.get("fits"), rule=o.get("rule", ""), capacity_bytes=o.get("bytes", 0),
                   margin_bytes=o.get("margin_bytes", 0), why=o.get("why", ""), how=o.get("how", ""),
                   as_far_as_known=bool(o.get("as_far_as_known")), verdict=o.get("verdict", ""),
                   condition=o.get("condition", ""))

    def __str__(self):
        word = {"fits": "FITS", "to_confirm": "TO CONFIRM", "does_not_fit": "DOES NOT FIT"}.get(
            self.verdict, "FITS" if self.fits else "DOES NOT FIT")
        text = "%s (rule %s): %s" % (word, self.rule, self.why)
        return text + ("; to confirm: " + self.condition if self.condition else "")


class _Rendered:
    """str() asks the library for the CLI's text of the same request."""
    _verb = ""

    def __str__(self):
        from ._native import call_text
        return call_text(self._verb, self._request, "text")


@dataclass(frozen=True, repr=False)
class Estimate(_Rendered):
    """The itemized estimate: items per phase, phase peaks, per-GPU peaks, interval, unknowns, verdict."""
    format: str
    runtime: str
    runtime_version: Optional[str]
    model: dict
    weights_only: Figure
    envelope: Figure
    conservative_envelope: Figure
    items: List[Item]
    phases: List[Phase]
    peak_phase: str
    interval: Optional[Interval]
    unknowns: List[str]
    gpus: List[GpuPeak]
    verdict: Optional[Verdict]
    raw: dict = field(compare=False)
    _request: dict = field(compare=False, default_factory=dict)
    _verb = "estimate"

    @classmethod
    def from_json(cls, o, request=None):
        items = [Item(id=i["id"], basis=i["basis"], bytes=i.get("bytes"), phases=dict(i.get("phases") or {}),
                      formula=i.get("formula", ""), source=i.get("source", "")) for i in o["items"]]
        phases = [Phase(id=p["id"], what=p.get("what", ""), peak_bytes=p["peak_bytes"], basis=p.get("basis", ""),
                        excludes_unknowns=bool(p.get("excludes_unknowns")), interval=_interval(p.get("peak_interval")))
                  for p in o["phases"]]
        gpus = [GpuPeak(gpu=g["gpu"], stage=g.get("stage", 0), peak_bytes=g["peak_bytes"],
                        interval=_interval(g.get("peak_interval"))) for g in o.get("gpus", [])]
        ce = o["conservative_envelope"]
        return cls(format=o["format"], runtime=o["runtime"], runtime_version=o.get("runtime_version"),
                   model=o["model"], weights_only=Figure(o["weights_only"]["bytes"], o["weights_only"]["formula"]),
                   envelope=Figure(o["envelope"]["bytes"], o["envelope"]["formula"]),
                   conservative_envelope=Figure(ce["bytes"], ce.get("label", "")), items=items, phases=phases,
                   peak_phase=o["peak_phase"], interval=_interval(o.get("peak_interval")),
                   unknowns=list(o.get("unknowns", [])), gpus=gpus, verdict=Verdict.from_json(o.get("capacity")),
                   raw=o, _request=dict(request or {}))

    @property
    def peak(self):
        """The peak phase's bytes (known items only when unknowns remain: a floor)."""
        return next(p.peak_bytes for p in self.phases if p.id == self.peak_phase)

    @property
    def unknown_items(self):
        return [i.id for i in self.items if i.basis == "unknown"]

    def markdown(self):
        from ._native import call_text
        return call_text("estimate", self._request, "markdown")

    def __repr__(self):
        floor = " + %d unknown" % len(self.unknown_items) if self.unknown_items else ""
        v = "; %s" % ("fits" if self.verdict.fits else "does not fit") if self.verdict else ""
        return "<Estimate %s, %s: weights only %s, envelope %s, peak %s %s%s%s>" % (
            self.model.get("source", "?"), self.format, format_bytes(self.weights_only.bytes),
            format_bytes(self.envelope.bytes), self.peak_phase, format_bytes(self.peak), floor, v)

    def _repr_html_(self):
        return _html.estimate(self)


@dataclass(frozen=True, repr=False)
class FitAnswer(_Rendered):
    """The largest concurrency, length or microbatch that fits, what limits it, and the changes to try."""
    target: str
    fits: bool
    best: Optional[int]
    fixed: Optional[int]
    capacity_bytes: int
    capacity_how: str
    limit_phase: Optional[str]
    limit_item: Optional[str]
    peak_at_best_bytes: Optional[int]
    estimate_at_best: Optional[Estimate]
    changes: list
    raw: dict = field(compare=False)
    _request: dict = field(compare=False, default_factory=dict)
    # the seed's class at best ("fits", "to_confirm", "does_not_fit"), the
    # largest value that fits for certain, and what to confirm above it
    verdict: str = ""
    best_certain: Optional[int] = None
    condition: str = ""
    _verb = "fit"

    @classmethod
    def from_json(cls, o, request=None):
        eb = o.get("estimate_at_best")
        return cls(target=o.get("target", ""), fits=bool(o.get("fits")), best=o.get("best"), fixed=o.get("fixed"),
                   capacity_bytes=o.get("capacity_bytes", 0), capacity_how=o.get("capacity_how", ""),
                   limit_phase=o.get("limit_phase"), limit_item=o.get("limit_item"),
                   peak_at_best_bytes=o.get("peak_at_best_bytes"),
                   estimate_at_best=Estimate.from_json(eb) if eb else None, changes=list(o.get("changes") or []),
                   raw=o, _request=dict(request or {}), verdict=o.get("class", ""),
                   best_certain=o.get("best_certain"), condition=o.get("condition", ""))

    def __repr__(self):
        if not self.fits:
            return "<FitAnswer: does not fit %s>" % format_bytes(self.capacity_bytes)
        if self.verdict == "to_confirm":
            return "<FitAnswer: %s %s to confirm on %s, %s for certain (limit %s, %s)>" % (
                self.target, self.best, format_bytes(self.capacity_bytes), self.best_certain, self.limit_phase,
                self.limit_item)
        return "<FitAnswer: %s %s fits %s (limit %s, %s)>" % (self.target, self.best, format_bytes(self.capacity_bytes),
                                                               self.limit_phase, self.limit_item)

    def _repr_html_(self):
        return _html.pre(str(self))


@dataclass(frozen=True)
class MatrixCell:
    format: str
    refused: bool
    fits: Optional[bool]
    best: Optional[int]
    peak_bytes: Optional[int]
    reason: str
    verdict: str = ""                 # the class at best: fits | to_confirm | does_not_fit
    best_certain: Optional[int] = None  # the largest value that fits for certain


@dataclass(frozen=True)
class MatrixRow:
    model: str
    parameters: Optional[int]
    cells: List[MatrixCell]
    error: Optional[str] = None


@dataclass(frozen=True, repr=False)
class Matrix:
    """What fits, format by format, for one model or the whole library."""
    formats: List[str]
    searched: str
    capacity_bytes: int
    rows: List[MatrixRow]
    raw: dict = field(compare=False)

    @classmethod
    def from_json(cls, o):
        rows = [MatrixRow(model=r.get("model", ""), parameters=r.get("parameters"), error=r.get("error"),
                          cells=[MatrixCell(format=c["format"], refused=bool(c.get("refused")), fits=c.get("fits"),
                                            best=c.get("best"), peak_bytes=c.get("peak_bytes"),
                                            reason=c.get("reason", ""), verdict=c.get("class", ""),
                                            best_certain=c.get("best_certain")) for c in r.get("cells", [])])
                for r in o.get("rows", [])]
        return cls(formats=list(o.get("formats", [])), searched=o.get("searched", ""),
                   capacity_bytes=o.get("capacity_bytes", 0), rows=rows, raw=o)

    def __repr__(self):
        return "<Matrix %d rows x %d formats on %s, %s searched>" % (len(self.rows), len(self.formats),
                                                                    format_bytes(self.capacity_bytes), self.searched)

    def _repr_html_(self):
        return _html.matrix(self)


@dataclass(frozen=True)
class Offer:
    id: str
    gpu: str
    count: int
    verdict: str                    # admissible | to confirm | excluded
    need_bytes_per_gpu: Optional[int]
    usable_bytes_per_gpu: Optional[int]
    margin_bytes: Optional[int]
    cost: dict
    requirements: list


@dataclass(frozen=True, repr=False)
class Shortlist(_Rendered):
    """Every offer of the catalog judged per requirement, the admissible ones ranked."""
    offers: List[Offer]
    peak_bytes_per_gpu: int
    peak_phase: str
    need_basis: str
    raw: dict = field(compare=False)
    _request: dict = field(compare=False, default_factory=dict)
    _verb = "shortlist"

    @classmethod
    def from_json(cls, o, request=None):
        offers = [Offer(id=x["id"], gpu=x.get("gpu", ""), count=x.get("count", 1), verdict=x.get("verdict", ""),
                        need_bytes_per_gpu=x.get("need_bytes_per_gpu"), usable_bytes_per_gpu=x.get("usable_bytes_per_gpu"),
                        margin_bytes=x.get("margin_bytes"), cost=dict(x.get("cost") or {}),
                        requirements=list(x.get("requirements") or [])) for x in o.get("offers", [])]
        return cls(offers=offers, peak_bytes_per_gpu=o.get("peak_bytes_per_gpu", 0), peak_phase=o.get("peak_phase", ""),
                   need_basis=o.get("need_basis", ""), raw=o, _request=dict(request or {}))

    def by_verdict(self, verdict):
        return [x for x in self.offers if x.verdict == verdict]

    def __repr__(self):
        counts = {}
        for x in self.offers:
            counts[x.verdict] = counts.get(x.verdict, 0) + 1
        return "<Shortlist %d offers: %s>" % (len(self.offers), ", ".join("%d %s" % (n, v) for v, n in counts.items()))

    def _repr_html_(self):
        return _html.shortlist(self)


@dataclass(frozen=True, repr=False)
class Sheet:
    """The one-page sizing sheet: its JSON, and the same sheet as HTML and Markdown."""
    raw: dict
    html: str = field(compare=False, default="")
    markdown: str = field(compare=False, default="")

    def __repr__(self):
        return "<Sheet %s>" % self.raw.get("schema", "")

    def _repr_html_(self):
        return _html.sheet_fragment(self.html)


@dataclass(frozen=True, repr=False)
class Comparison:
    """An estimate against a measured run, phase by phase and per GPU."""
    rows: list
    run: dict
    raw: dict = field(compare=False)

    @property
    def measured_anything(self):
        """False when no counter was measured (no CUDA device, no NVML): dimensions only."""
        return bool(self.rows)

    def __repr__(self):
        if not self.rows:
            return "<Comparison: no device counter was measured (%d phases, dimensions only)>" % len(
                self.run.get("phases", []))
        return "<Comparison: %d phase rows>" % len(self.rows)

    def _repr_html_(self):
        return _html.comparison(self)


@dataclass(frozen=True, repr=False)
class Diagnosis:
    """The first out-of-memory of a log: its phase, figures, and the single changes to try."""
    kind: str
    phase: str
    line: int
    changes: list
    raw: dict = field(compare=False)

    def __repr__(self):
        return "<Diagnosis %s at line %d, phase %s, %d changes>" % (self.kind, self.line, self.phase, len(self.changes))
