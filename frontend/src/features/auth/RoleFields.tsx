import type { GroupDto } from "@zaiko/common/groups/groups.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Dropdown } from "primereact/dropdown";
import { InfoCircleIcon } from "primereact/icons/infocircle";
import { RadioButton } from "primereact/radiobutton";
import { useId } from "react";
import { TextField } from "../../components/form/TextField";

export type Role = "owner" | "staff";

interface Props {
  role: Role;
  onRole: (role: Role) => void;
  groupName: string;
  onGroupName: (name: string) => void;
  group: number | null;
  onGroup: (id: number | null) => void;
  groups: GroupDto[];
  groupsLoading: boolean;
  invalidGroupName: boolean;
  invalidGroup: boolean;
  onBlurGroupName: () => void;
  onBlurGroup: () => void;
}

/** オーナー登録 (new group name + note) or スタッフ登録 (pick an existing group). */
export function RoleFields(props: Props) {
  const { role, onRole, groups, groupsLoading } = props;
  const baseId = useId();
  const groupId = `${baseId}-group`;
  const roles: Array<{ value: Role; label: string }> = [
    { value: "owner", label: ja.signup.roleOwner },
    { value: "staff", label: ja.signup.roleStaff },
  ];
  return (
    <>
      <fieldset className="form-field role-fieldset">
        <legend>{ja.signupForm.role}</legend>
        <div className="role-options">
          {roles.map(({ value, label }) => (
            <div key={value} className="role-option">
              <RadioButton
                inputId={`${baseId}-${value}`}
                name="role"
                value={value}
                checked={role === value}
                onChange={() => onRole(value)}
              />
              <label htmlFor={`${baseId}-${value}`}>{label}</label>
            </div>
          ))}
        </div>
      </fieldset>
      {role === "owner" ? (
        <>
          <TextField
            label={ja.signup.newGroupName}
            name="group_name"
            value={props.groupName}
            onChange={props.onGroupName}
            onBlur={props.onBlurGroupName}
            invalid={props.invalidGroupName}
          />
          <p className="form-note">
            <InfoCircleIcon className="app-icon" aria-hidden="true" /> {ja.signup.groupNote}
          </p>
        </>
      ) : (
        <div className="form-field">
          <label htmlFor={groupId}>{ja.signup.group}</label>
          <Dropdown
            inputId={groupId}
            value={props.group}
            options={groups}
            optionLabel="name"
            optionValue="id"
            placeholder={ja.signupForm.groupPlaceholder}
            // Not `loading`: PrimeReact ignores clicks on a loading dropdown, so a tap before the list arrived did
            // nothing. It opens at once and fills in when the groups arrive.
            emptyMessage={groupsLoading ? ja.signupForm.groupsLoading : ja.signupForm.groupsEmpty}
            filter={groups.length > 10}
            onChange={(e) => props.onGroup(typeof e.value === "number" ? e.value : null)}
            onBlur={props.onBlurGroup}
            invalid={props.invalidGroup}
            className="form-input"
          />
        </div>
      )}
    </>
  );
}
