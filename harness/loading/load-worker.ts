// A worker thread of parallel-loading.ts: checks chunks of the case files it is handed.
import { parentPort, workerData } from "node:worker_threads";
import { serveWork, type LoadWork } from "./parallel-loading.ts";

serveWork(workerData as LoadWork, (message) => parentPort!.postMessage(message));
