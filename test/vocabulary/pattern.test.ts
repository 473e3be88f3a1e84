// The "matches" patterns: a subset of regular expressions with one meaning in every mainstream
// engine. What is in it matches as specified; what is not is rejected with its position.
import { describe, expect, it } from "vitest";
import { checkPattern, patternMatcher } from "../../harness/vocabulary/pattern.ts";

describe("patterns in the subset", () => {
  it.each([
    ["^rm[ \\t]+-[a-z]*r", ["rm  -rf /", "rm -r x"], ["rm x", " rm -r", "rmdir -r"]],
    ["^curl[ \\t]", ["curl -s x"], ["curly", "xcurl "]],
    ["(?:sudo|doas)[ \\t]", ["sudo ls", "x doas y"], ["sudols"]],
    ["^[^/]+$", ["file.txt"], ["/etc", "a/b", ""]],
    ["^a{2,3}$", ["aa", "aaa"], ["a", "aaaa"]],
    ["\\.env$", ["/app/.env"], ["/app/xenv", "/app/.env.bak"]],
    ["^\\u20ac", [], ["€"]],
    ["^€[0-9]+$", ["€12"], ["€", "$12"]],
    ["^(a|b)*c$", ["ababc", "c"], ["abca"]],
    ["^[\\]\\-]+$", ["]-]"], ["a"]],
  ])("%s", (source, matching, notMatching) => {
    if (source === "^\\u20ac") {
      expect(() => checkPattern(source)).toThrow(/"\\u" is not in the subset/);
      return;
    }
    const regexp = patternMatcher(source);
    for (const text of matching) expect(regexp.test(text), `${source} should match ${JSON.stringify(text)}`).toBe(true);
    for (const text of notMatching) expect(regexp.test(text), `${source} should not match ${JSON.stringify(text)}`).toBe(false);
  });
});

describe("patterns outside the subset", () => {
  it.each([
    ["a.c", 2, '"." is not in the subset'],
    ["\\d+", 2, '"\\d" is not in the subset'],
    ["\\bword", 2, '"\\b" is not in the subset'],
    ["\\w", 2, '"\\w" is not in the subset'],
    ["a+?", 3, "lazy and possessive quantifiers"],
    ["a(?=b)", 4, 'only "(?:" groups'],
    ["(a)\\1", 5, '"\\1" is not in the subset'],
    ["a^b", 2, '"^" may only begin the pattern'],
    ["a$b", 2, '"$" may only end the pattern'],
    ["(a|b", 5, 'expected ")"'],
    ["a)", 2, 'unmatched ")"'],
    ["a{2", 4, 'expected "}"'],
    ["a{3,2}", 2, "counts down"],
    ["a{1001}", 2, "at most 1000"],
    ["[z-a]", 2, "counts down"],
    ["[]", 2, "an empty class"],
    ["x**", 3, "cannot follow a quantifier"],
    ["a]", 2, '"]" must be escaped'],
    ["{", 1, '"{" must be escaped'],
    ["ab\\", 4, "cannot end with a backslash"],
  ])("%s is rejected at character %i", (source, at, message) => {
    expect(() => checkPattern(source)).toThrow(`at character ${at}: `);
    expect(() => checkPattern(source)).toThrow(message);
  });
});
