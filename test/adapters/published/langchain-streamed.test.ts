// adapters/published.ts's "langchain-streamed": its published verdict (test/support/published-adapter.ts).
import { describePublished } from "../../support/published-adapter.ts";

describePublished("langchain-streamed");
