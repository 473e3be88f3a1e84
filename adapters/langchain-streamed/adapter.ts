// adapters/langchain-streamed/adapter.ts: LangChain's createAgent with the model's tool calls streamed as
// tool_call_chunks that LangChain merges and decodes itself (its partial-JSON parser). How the agent
// is driven, how the policy maps onto humanInTheLoopMiddleware, and where each claim comes from in
// LangChain's code: adapters/langchain/adapter.ts.
import { langchainAdapter } from "../langchain/adapter.ts";

export default langchainAdapter({ streamed: true });
