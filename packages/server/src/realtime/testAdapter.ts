import { ClusterAdapter, type ClusterMessage } from "socket.io-adapter";

/** A cluster adapter whose Redis never answers: every publish is recorded and stays pending (tests). */
export class StalledAdapter extends ClusterAdapter {
  static published: ClusterMessage[] = [];
  constructor(nsp: unknown) {
    super(nsp as never);
  }
  protected doPublish(message: ClusterMessage): Promise<string> {
    StalledAdapter.published.push(structuredClone(message));
    return new Promise(() => {});
  }
  protected doPublishResponse(): Promise<void> {
    return Promise.resolve();
  }
}
