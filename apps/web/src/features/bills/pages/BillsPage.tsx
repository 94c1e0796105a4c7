const BillsPage = () => null;

export default BillsPage;
