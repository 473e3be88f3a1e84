// References to upstream issues and changes ("owner/repository#number"), as findings and
// expectations files name them and reports link them.

/** "owner/repository#number", as GitHub writes a reference to an issue or pull request. */
export const UPSTREAM_REF = /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+#[1-9][0-9]*$/;

/** Where an upstream reference points: GitHub sends /issues/<n> on to the pull request when it is one. */
export function upstreamUrl(ref: string): string {
  const [repository, number] = ref.split("#") as [string, string];
  return `https://github.com/${repository}/issues/${number}`;
}
