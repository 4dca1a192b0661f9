"""The villains' own rules: one module per villain, each a subclass of villain_base.Villain naming its villain
in its class line (`klaw.py`: `class Klaw(Villain, villain="klaw", texts=("special_rules",))`) that
overrides the hooks its printed rules need and implements the named handlers its record's optional `play`
objects call (villain.schema.json `$defs/handler`): a Threat's `play` (clear, to_hero, bam, on_arrival,
villain_damage, ...), a Master Plan card's `play`, and the Dashboard's `play` (bam, overflow, ko,
special_setup handlers; `params`, the Dashboard's numbers its hooks read through Rules.vparam).

A class's HANDLERS maps every handler name its content may use to the method implementing it (merged over
the shared ones of common.CommonRules); a test checks that every handler a villain's content names is in
its own class's HANDLERS. villain_base.villain_classes() imports every module here, so adding a villain
touches no shared file; rules several villains print live once in common.py (functions and the shared
handlers)."""
