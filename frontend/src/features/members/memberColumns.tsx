import type { UserDto } from "@zaiko/common/members/members.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { TrashIcon } from "primereact/icons/trash";
import { InputSwitch } from "primereact/inputswitch";
import { type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";
import { primeIcon } from "../../components/icons/primeIcon";
import "./members.css";

const helper = dataTableColumnHelper<UserDto>();
const deleteIcon = primeIcon(TrashIcon);

interface Actions {
  onToggleActive: (user: UserDto, active: boolean) => void;
  onDelete: (user: UserDto) => void;
}

/** Columns of the member list; owners get neither the switch nor 削除 (they cannot be changed). */
export function memberColumns({ onToggleActive, onDelete }: Actions): DataTableColumn<UserDto>[] {
  return helper.columns([
    helper.accessor("email", {
      header: ja.members.email,
      meta: { className: "col-email" },
      // The owner, and members waiting for activation (signed up, not yet switched on), at a glance.
      cell: ({ row }) => {
        const user = row.original;
        const tag = user.is_owner ? "owner" : user.is_member ? null : "pending";
        return (
          <span className="member-email">
            <span>{user.email}</span>
            {tag ? (
              <span className={`member-tag member-tag-${tag}`}>
                {tag === "owner" ? ja.members.ownerTag : ja.members.pendingTag}
              </span>
            ) : null}
          </span>
        );
      },
    }),
    helper.accessor("first_name", { header: ja.members.firstName, meta: { nowrap: true } }),
    helper.accessor("last_name", { header: ja.members.lastName, meta: { nowrap: true } }),
    helper.accessor("is_member", {
      header: ja.members.active,
      enableGlobalFilter: false,
      meta: { nowrap: true },
      cell: ({ row }) => {
        const user = row.original;
        if (user.is_owner) return null;
        return (
          <InputSwitch
            checked={user.is_member}
            onChange={(e) => onToggleActive(user, Boolean(e.value))}
            aria-label={`${ja.members.active}: ${user.email}`}
          />
        );
      },
    }),
    helper.display({
      id: "actions",
      header: ja.members.action,
      meta: { nowrap: true },
      cell: ({ row }) =>
        row.original.is_owner ? null : (
          <Button
            type="button"
            label={ja.members.delete}
            icon={deleteIcon}
            severity="danger"
            size="small"
            outlined
            aria-label={`${ja.members.delete}: ${row.original.email}`}
            onClick={() => onDelete(row.original)}
          />
        ),
    }),
  ]) as DataTableColumn<UserDto>[];
}
