package main

import (
	"encoding/json"
	"net"
	"net/url"
	"time"

	"github.com/invopop/jsonschema"
)

// The tools' argument types, one Go type per tool, constrained with
// invopop's jsonschema struct tags.

type Address struct {
	Street   string `json:"street" jsonschema:"minLength=1,description=Street and number."`
	City     string `json:"city"`
	Postcode string `json:"postcode" jsonschema:"pattern=^[0-9]{5}$"`
	Country  string `json:"country,omitempty" jsonschema:"minLength=2,maxLength=2,default=DE"`
}

type StringsArgs struct {
	Email     string    `json:"email" jsonschema:"format=email,description=Where to write."`
	Homepage  string    `json:"homepage" jsonschema:"format=uri"`
	RequestID string    `json:"request_id" jsonschema:"format=uuid"`
	At        time.Time `json:"at"`
	Day       string    `json:"day" jsonschema:"format=date"`
	Clock     string    `json:"clock" jsonschema:"format=time"`
	Wait      string    `json:"wait" jsonschema:"format=duration"`
	IP4       string    `json:"ip4" jsonschema:"format=ipv4"`
	IP6       string    `json:"ip6" jsonschema:"format=ipv6"`
	Host      string    `json:"host" jsonschema:"format=hostname"`
	Addr      net.IP    `json:"addr"`
	Link      url.URL   `json:"link"`
	Slug      string    `json:"slug" jsonschema:"pattern=^[a-z0-9]+(?:-[a-z0-9]+)*$,minLength=3,maxLength=40"`
	Code      string    `json:"code" jsonschema:"minLength=6,maxLength=6"`
	Data      []byte    `json:"data"`
}

type PatternsArgs struct {
	Password string `json:"password" jsonschema:"pattern=^(?=.*[0-9])(?=.*[a-z]).{8\\,}$"`
	HexColor string `json:"hex_color" jsonschema:"pattern=^#[0-9a-fA-F]{6}$"`
}

type NumbersArgs struct {
	Count     int     `json:"count"`
	Tiny      int8    `json:"tiny"`
	Port      uint16  `json:"port"`
	Ratio     float64 `json:"ratio"`
	Percent   int     `json:"percent" jsonschema:"minimum=0,maximum=100"`
	Exclusive float64 `json:"exclusive" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=1"`
	Step      int     `json:"step" jsonschema:"multipleOf=5"`
	Limit     int     `json:"limit,omitempty" jsonschema:"default=20"`
}

type ChoicesArgs struct {
	Flag   bool     `json:"flag"`
	Color  string   `json:"color" jsonschema:"enum=red,enum=green,enum=blue"`
	Level  int      `json:"level" jsonschema:"enum=1,enum=2,enum=3"`
	Tone   string   `json:"tone,omitempty" jsonschema:"enum=red,enum=green,default=red"`
	Colors []string `json:"colors,omitempty" jsonschema:"enum=red,enum=green,enum=blue"`
}

type OptionalityArgs struct {
	Required     string   `json:"required"`
	Optional     string   `json:"optional,omitempty"`
	Pointer      *string  `json:"pointer"`
	Nullable     *string  `json:"nullable" jsonschema:"nullable"`
	NullableOpt  *int     `json:"nullable_opt,omitempty" jsonschema:"nullable"`
	Address      Address  `json:"address"`
	Billing      *Address `json:"billing,omitempty"`
	Shipping     *Address `json:"shipping,omitempty" jsonschema:"nullable"`
	Tags         []string `json:"tags,omitempty" jsonschema:"minItems=1,maxItems=10,uniqueItems=true"`
	Titled       string   `json:"titled" jsonschema:"title=The Title,description=A described field.,example=Hello"`
	Secret       string   `json:"secret" jsonschema:"writeOnly=true"`
	Deprecated   string   `json:"deprecated,omitempty" jsonschema_extras:"deprecated=true"`
	ExplicitReq  string   `json:"explicit_req,omitempty" jsonschema:"required"`
	ExplicitNull *int     `json:"explicit_null,omitempty" jsonschema:"oneof_type=integer;null"`
}

type CollectionsArgs struct {
	Names  []string           `json:"names"`
	Point  [3]float64         `json:"point"`
	Counts map[string]int     `json:"counts"`
	ByName map[string]Address `json:"by_name"`
	Matrix [][]float64        `json:"matrix"`
	Raw    json.RawMessage    `json:"raw"`
	Any    any                `json:"any"`
	People []Address          `json:"people"`
}

type Cat struct {
	Kind  string `json:"kind" jsonschema:"enum=cat"`
	Lives int    `json:"lives,omitempty"`
}

type Dog struct {
	Kind string `json:"kind" jsonschema:"enum=dog"`
	Good bool   `json:"good,omitempty"`
}

type UnionsArgs struct {
	Scalar any `json:"scalar" jsonschema:"oneof_type=string;integer"`
	// Pet is one of two tagged objects, said by the type's JSONSchema method.
	Pet      Pet    `json:"pet"`
	Email    string `json:"email,omitempty" jsonschema:"oneof_required=by_email"`
	Phone    string `json:"phone,omitempty" jsonschema:"oneof_required=by_phone"`
	StrOrInt any    `json:"str_or_int" jsonschema:"anyof_type=string;integer"`
}

// Pet holds a Cat or a Dog.
type Pet struct{ json.RawMessage }

func (Pet) JSONSchema() *jsonschema.Schema {
	r := &jsonschema.Reflector{DoNotReference: true, Anonymous: true}
	cat, dog := r.Reflect(&Cat{}), r.Reflect(&Dog{})
	cat.Version, dog.Version = "", ""
	return &jsonschema.Schema{OneOf: []*jsonschema.Schema{cat, dog}}
}

type Named struct {
	Name string `json:"name"`
}

type Aged struct {
	Age int `json:"age" jsonschema:"minimum=0"`
}

type EmbeddedArgs struct {
	Named
	Aged
	Nickname string `json:"nickname,omitempty"`
}

type TreeNode struct {
	Label    string      `json:"label"`
	Children []*TreeNode `json:"children,omitempty"`
	Parent   *TreeNode   `json:"parent,omitempty"`
}

type Employee struct {
	Name string `json:"name"`
	Team *Team  `json:"team,omitempty"`
}

type Team struct {
	Name    string     `json:"name"`
	Lead    Employee   `json:"lead"`
	Members []Employee `json:"members,omitempty"`
}

type RecursiveArgs struct {
	Root TreeNode `json:"root"`
	Team Team     `json:"team"`
}

type Receipt struct {
	ID      string    `json:"id" jsonschema:"format=uuid"`
	Created time.Time `json:"created"`
	Lines   []string  `json:"lines"`
}

var definitions = []struct {
	name, description string
	input, output     any
	recursive         bool
}{
	{"check_strings", "Strings with formats and constraints.", &StringsArgs{}, nil, false},
	{"check_patterns", "ECMA-262 patterns, look-around among them.", &PatternsArgs{}, nil, false},
	{"check_numbers", "Numbers: integers, floats, bounds, multipleOf.", &NumbersArgs{}, nil, false},
	{"check_choices", "Booleans and enums.", &ChoicesArgs{}, nil, false},
	{"check_optionality", "Required, optional, nullable fields; nested objects; annotations.", &OptionalityArgs{}, &Receipt{}, false},
	{"check_collections", "Slices, arrays, maps and untyped values.", &CollectionsArgs{}, nil, false},
	{"check_unions", "oneOf and anyOf from struct tags and a JSONSchema method.", &UnionsArgs{}, nil, false},
	{"check_embedded", "Embedded structs.", &EmbeddedArgs{}, nil, false},
	{"check_recursive", "Recursive and mutually recursive types.", &RecursiveArgs{}, nil, true},
}
