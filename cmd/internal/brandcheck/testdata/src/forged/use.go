package forged

var _ = OtherGenerated{}

var other OtherGenerated
