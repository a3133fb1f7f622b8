// Package markdowncheck reads toolgen docs' Markdown back with a CommonMark
// parser (goldmark, with GitHub's tables) to check that catalog text stays
// text. It is a module of its own so that the parser, which only this test
// needs, is no dependency of toolgen's.
package markdowncheck
