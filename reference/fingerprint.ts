// Canonical JSON (RFC 8785, the canonicalize package's algorithm) and the proposal hash derived from it.
import { createHash } from "node:crypto";
import { canonicalize } from "./canonical-json.ts";

/** The RFC 8785 form of a value; throws when the value has none (Infinity, BigInt, undefined). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (typeof text !== "string") throw new TypeError("the value has no canonical JSON form");
  return text;
}

/**
 * The proposal hash: lowercase hex SHA-256 over the tool name, a NUL, and the canonical
 * arguments. It depends on nothing else, so equivalent effective proposals share it.
 */
export function proposalHash(toolName: string, argsCanonicalJson: string): string {
  return createHash("sha256").update(toolName).update("\u0000").update(argsCanonicalJson).digest("hex");
}
