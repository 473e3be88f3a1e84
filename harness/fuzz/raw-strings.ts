// Raw argument strings at the edges of JSON, where decoders disagree: payloads of every JSON type
// (a tool's object schema refuses most; a handoff takes any), surrounding whitespace and a byte
// order mark, a lone surrogate escape, numbers past a double, escaped NUL, control characters
// left raw, a second value or stray text after the first, a trailing comma.
export const JSON_EDGES = [
  "null",
  "true",
  "false",
  "0",
  "-0",
  "1.5e3",
  '"text"',
  "[]",
  '[1, "a", null, {"path": "/tmp/a"}]',
  "{}",
  ' \r\n{"path": "/tmp/a"}\n ',
  '\ufeff{"path": "/tmp/a"}',
  '{"path": "\\ud800"}',
  '{"limit": 1E400}',
  '{"limit": 1.0, "force": -0.0}',
  '{"path": "a\\u0000b"}',
  '{"path": "a\tb"}',
  '{"path": "/tmp/a"}{"path": "/etc/shadow"}',
  '{"path": "/tmp/a"} trailing',
  '{"path": "/tmp/a",}',
  "",
] as const;
