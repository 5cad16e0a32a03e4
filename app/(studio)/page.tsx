import { redirect } from "next/navigation";

export default function StudioHome() {
  redirect("/data");
}
