/** What an admin screen hands its edit dialog besides the record: close, save and the save's state. */
export interface TEditDialogHandlers<Values> {
  onClose: () => void;
  onSave: (values: Values) => void;
  saving: boolean;
  error: string | null;
}
