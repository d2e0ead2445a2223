//! Hand-written `Deserialize` impls for the schema's several-shapes values.
//!
//! `#[serde(untagged)]` would do the same job but answers every mistake with "data did
//! not match any variant"; these visitors dispatch on the YAML shape (string, list or
//! mapping) and let the inner type report the real problem with its own location.

use super::{FullLink, LinkDecl, LinkTarget, NamedList, Selector, VectorDecl, ZoneDecl, ZoneSet};
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

impl<'de, T: Deserialize<'de>> Deserialize<'de> for NamedList<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = NamedList<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping from names to values")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(NamedList::default())
            }
            fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(NamedList::default())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, T>()? {
                    out.push((k, v));
                }
                Ok(NamedList(out))
            }
        }
        d.deserialize_map(V(PhantomData))
    }
}

impl<'de> Deserialize<'de> for VectorDecl {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Flanked {
            vector: [i32; 2],
            #[serde(default)]
            between: Vec<[i32; 2]>,
        }
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = VectorDecl;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a vector `[dx, dy]` or `{ vector: [dx, dy], between: [[dx, dy], ...] }`",
                )
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                <[i32; 2]>::deserialize(SeqAccessDeserializer::new(seq)).map(VectorDecl::Plain)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                let f = Flanked::deserialize(MapAccessDeserializer::new(map))?;
                Ok(VectorDecl::Flanked {
                    vector: f.vector,
                    between: f.between,
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for LinkTarget {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = LinkTarget;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a cell name or `{ to: CELL, remap: REMAP, between: [CELLS], stop: BOOL }`",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(LinkTarget::Name(v.to_owned()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                FullLink::deserialize(MapAccessDeserializer::new(map)).map(LinkTarget::Full)
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for LinkDecl {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = LinkDecl;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a cell name, a list of targets (a fork) or `{ to, remap, between, stop }`",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(LinkDecl::One(LinkTarget::Name(v.to_owned())))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                FullLink::deserialize(MapAccessDeserializer::new(map))
                    .map(|f| LinkDecl::One(LinkTarget::Full(f)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                Vec::<LinkTarget>::deserialize(SeqAccessDeserializer::new(seq)).map(LinkDecl::Fork)
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for ZoneSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ZoneSet;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of cell names or a lattice selector `{ x: [...], y: [...] }`")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                Vec::<String>::deserialize(SeqAccessDeserializer::new(seq)).map(ZoneSet::Cells)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                Selector::deserialize(MapAccessDeserializer::new(map)).map(ZoneSet::Select)
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for ZoneDecl {
    /// A list is a global zone; a mapping is a lattice selector when its keys are `x`
    /// and `y`, and one set per seat otherwise (a seat may not be called `x` or `y`).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ZoneDecl;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a list of cell names, a lattice selector `{ x: [...], y: [...] }` \
                     or a mapping from seat names to either",
                )
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                Vec::<String>::deserialize(SeqAccessDeserializer::new(seq))
                    .map(|cells| ZoneDecl::Global(ZoneSet::Cells(cells)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut selector = Selector::default();
                let mut is_selector = false;
                let mut seats = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    let axis = key == "x" || key == "y" || key == "colour";
                    if (axis && !seats.is_empty()) || (!axis && is_selector) {
                        return Err(de::Error::custom(
                            "a zone is either a lattice selector `{ x: [...], y: [...] }` \
                             or a mapping from seats to cells, not both",
                        ));
                    }
                    if axis {
                        is_selector = true;
                        if key == "colour" {
                            if selector.colour.is_some() {
                                return Err(de::Error::custom("duplicate key `colour`"));
                            }
                            selector.colour = Some(map.next_value::<String>()?);
                            continue;
                        }
                        let slot = if key == "x" {
                            &mut selector.x
                        } else {
                            &mut selector.y
                        };
                        if slot.is_some() {
                            return Err(de::Error::custom(format!("duplicate key `{key}`")));
                        }
                        *slot = Some(map.next_value::<Vec<i32>>()?);
                    } else {
                        seats.push((key, map.next_value::<ZoneSet>()?));
                    }
                }
                if is_selector || seats.is_empty() {
                    Ok(ZoneDecl::Global(ZoneSet::Select(selector)))
                } else {
                    Ok(ZoneDecl::PerSeat(NamedList(seats)))
                }
            }
        }
        d.deserialize_any(V)
    }
}
