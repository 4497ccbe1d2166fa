"""The ``book`` bibliography styles (``bibtex_default_style``, ``bibtex_reference_style`` and, ``book_tooltip``,
``bibtex_tooltips_style`` in ``_config.yml``).

The reference lists: pybtex's ``alpha`` labels, with the letter that tells two works of one author and year apart
("Microsoft25b") given once over the whole ``.bib`` file, so that a work keeps its label in every chapter's
reference list and no two works share one; a work's address written out. The citations: author-year, lettered as
the notebooks' citations as text are (:mod:`storageperf_book.citations`). Each entry of a reference list is marked
as a list item.
"""
from __future__ import annotations

from pathlib import Path

from .. import citations


def _citations_as_list_items(app, pagename, templatename, context, doctree):
    # docutils marks each entry of a citation list (role "list") with DPUB-ARIA's role "doc-biblioentry", which
    # ARIA 1.1 deprecated: assistive technology and axe-core do not count it as a list item, so the list reads as
    # broken. A plain "listitem" says the same.
    if "body" in context:
        context["body"] = context["body"].replace('role="doc-biblioentry"', 'role="listitem"')


def _book_bibliography_style(bibfiles):
    """The ``book`` pybtex style: ``alpha``, with its labels computed once over every entry of ``bibfiles``, and a
    work's address (its ``url``) written out as its link's text without the scheme. The theme shortens a link whose
    text is its address to the repository's name, so a permalink to a file at a commit would read
    "MicrosoftDocs/azure-docs" and hide which file and which commit; on paper, the address is the reference."""
    from pybtex.database import parse_file
    from pybtex.richtext import Text
    from pybtex.style.formatting.alpha import Style as Alpha
    from pybtex.style.labels import BaseLabelStyle
    from pybtex.style.template import field, href, node, words

    @node
    def address(children, context):
        return Text(context["entry"].fields["url"].strip().split("://", 1)[-1])

    entries = [entry for f in bibfiles for entry in parse_file(f).entries.values()]
    alpha = Alpha()
    sorted_entries = alpha.sort(entries)
    labels = dict(zip((e.key for e in sorted_entries), alpha.format_labels(sorted_entries)))

    class BookLabels(BaseLabelStyle):
        def format_labels(self, sorted_entries):
            return (labels[e.key] for e in sorted_entries)

    class BookStyle(Alpha):
        default_label_style = BookLabels

        def format_url(self, e):
            return words["URL:", href(field("url", raw=True))[address]]

    return BookStyle


def _book_tooltip_style(bibfiles):
    """The ``book_tooltip`` style, a citation's tooltip: the work's authors, title and year. Its reference list entry,
    the citation's link, gives it whole; every citation on a page repeating the whole entry weighed kilobytes."""
    from pybtex.style import FormattedEntry
    from pybtex.style.formatting import toplevel
    from pybtex.style.template import field, optional, sentence

    class BookTooltip(_book_bibliography_style(bibfiles)):
        def format_entry(self, label, entry, bib_data=None):
            named = toplevel[optional[self.format_names("author")], sentence[field("title")],
                             optional[sentence[field("year")]]]
            return FormattedEntry(entry.key, named.format_data({"entry": entry, "style": self, "bib_data": bib_data}),
                                  label)

    return BookTooltip


def _book_reference_style(bibfiles):
    """The ``book`` citation style: author-year, with a letter after the year where one author has several works
    in a year (``Microsoft, 2025a``), lettered in the reference list's order, so a citation names one work."""
    from pybtex.richtext import Text
    from pybtex.style.template import node
    from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle
    from sphinxcontrib.bibtex.style.referencing.basic_author_year import (
        BasicAuthorYearParentheticalReferenceStyle,
        BasicAuthorYearTextualReferenceStyle,
    )
    from sphinxcontrib.bibtex.style.template import join, join2, post_text, pre_text, reference

    # the letters are the ones the notebooks' citations as text carry (one rule, in citations.letters)
    letters = citations.letters({k: v for f in bibfiles for k, v in citations.read_bib(f).items()})

    @node
    def lettered_year(children, data):
        entry = data["entry"]
        return Text(entry.fields.get("year", "n.d.") + letters.get(entry.key, ""))

    class Parenthetical(BasicAuthorYearParentheticalReferenceStyle):
        def inner(self, role_name):
            return join2(sep1=self.pre_text_sep, sep2=self.post_text_sep)[
                pre_text,
                reference[join(sep=self.author_year_sep)[
                    self.person.author_or_editor_or_title(full="s" in role_name), lettered_year]],
                post_text]

    class Textual(BasicAuthorYearTextualReferenceStyle):
        def inner(self, role_name):
            return join(sep=self.text_reference_sep)[
                self.person.author_or_editor_or_title(full="s" in role_name),
                join[self.bracket.left,
                     join2(sep1=self.pre_text_sep, sep2=self.post_text_sep)[pre_text, reference[lettered_year],
                                                                            post_text],
                     self.bracket.right]]

    class BookReferences(AuthorYearReferenceStyle):
        def __post_init__(self):
            super().__post_init__()
            self.styles[:2] = [
                Parenthetical(bracket=self.bracket_parenthetical, person=self.person,
                              author_year_sep=self.author_year_sep, pre_text_sep=self.pre_text_sep,
                              post_text_sep=self.post_text_sep),
                Textual(bracket=self.bracket_textual, person=self.person, text_reference_sep=self.text_reference_sep,
                        pre_text_sep=self.pre_text_sep, post_text_sep=self.post_text_sep)]
            self.role_style.update((role, style) for style in self.styles[:2] for role in style.role_names())

    return BookReferences


def _register_bibliography_style(app, config):
    from pybtex.plugin import register_plugin
    from sphinxcontrib.bibtex.plugin import register_plugin as register_bibtex_plugin

    bibfiles = [Path(app.srcdir, f) for f in config.bibtex_bibfiles]
    register_plugin("pybtex.style.formatting", "book", _book_bibliography_style(bibfiles), force=True)
    register_plugin("pybtex.style.formatting", "book_tooltip", _book_tooltip_style(bibfiles), force=True)
    register_bibtex_plugin("sphinxcontrib.bibtex.style.referencing", "book", _book_reference_style(bibfiles),
                           force=True)


def setup(app):
    """Register the ``book`` styles once the configuration names the ``.bib`` files; mark entries as list items."""
    app.connect("config-inited", _register_bibliography_style)
    app.connect("html-page-context", _citations_as_list_items)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
