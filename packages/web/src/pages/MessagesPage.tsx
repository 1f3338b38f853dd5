import { useParams } from "react-router";
import { Page } from "./Page.tsx";

/** `/messages/:friendName`: private messages with a friend. */
export function MessagesPage() {
  const { friendName = "" } = useParams();
  return (
    <Page
      title={`Messages with ${friendName}`}
      lead={`Your private conversation with ${friendName} will be shown here, with a box to send messages.`}
    />
  );
}
