// Package message words everything the model reads about its arguments: the
// message and hint of each violation, for the typed readers and the schema
// functions alike, so that the two say the same thing in the same words.
package message
