export { TvView } from "./TvView.tsx";
export { WatchView } from "./WatchView.tsx";
