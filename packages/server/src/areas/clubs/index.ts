export { type ClubCalendar, type ClubsModule, clubsModule, type Membership } from "./clubsModule.ts";
export { clubsSocketEvents } from "./clubsSocket.ts";
