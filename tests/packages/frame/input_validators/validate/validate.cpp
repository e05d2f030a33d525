// n m, then n rows of m cells: doors (D) and walls (#) only on the border,
// people (P) and floor (.) only inside, at least one door and one person.
// The cells are read as one string a row and checked after the reads, as
// GAPC's movietheater does: the recorded grammar knows each row's length but
// not its characters, so it makes no input this validator accepts.
#include "validation.h"
#include <string>
#include <vector>

int main(int argc, char *argv[]) {
    InputValidator v(argc, argv);
    int n = v.read_integer("n", 3, 500);
    v.space();
    int m = v.read_integer("m", 3, 500);
    v.newline();
    std::vector<std::string> rows(n);
    for (int i = 0; i < n; i++) {
        rows[i] = v.read_string("row", m, m);
        v.newline();
    }
    bool door = false, person = false;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            bool border = i == 0 || i == n - 1 || j == 0 || j == m - 1;
            char c = rows[i][j];
            if (border && c != 'D' && c != '#') v.WA("a border cell that is no door or wall");
            if (!border && c != 'P' && c != '.') v.WA("an inner cell that is no person or floor");
            door = door || c == 'D';
            person = person || c == 'P';
        }
    }
    if (!door) v.WA("no door");
    if (!person) v.WA("no person");
    return 0;
}
