import { ja } from "@zaiko/common/messages/ja";
import { useParams } from "react-router-dom";
import { ErrorList } from "../../components/form/ErrorList";
import { CalendarFeedSettings } from "../calendar";
import { MailSettings } from "../delivery";
import { MemberEditForm } from "./MemberEditForm";
import { SignupForm } from "./SignupForm";

/** One screen for /signup (サインアップ) and /useredit/{id} (メンバー編集), as the spec has it. */
export function SignupPage() {
  const { id } = useParams();
  if (id === undefined) return <SignupForm />;
  const userId = Number(id);
  if (!Number.isInteger(userId) || userId <= 0) return <ErrorList messages={[ja.errors.userInfoFailed]} />;
  return (
    <>
      <MemberEditForm id={userId} />
      {/* The member's own profile also holds their calendar feed (it shows only on their own id). */}
      <CalendarFeedSettings />
      {/* And which mails they receive (only on their own id). */}
      <MailSettings />
    </>
  );
}
