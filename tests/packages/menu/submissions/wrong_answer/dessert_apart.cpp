// Keeps the desserts apart from the other dishes, and counts each dessert
// ordered as a dish of its own: wrong only when a dessert is ordered twice.
#include <iostream>
#include <set>
#include <string>

int main() {
    int n;
    std::cin >> n;
    std::set<std::string> dishes;
    int desserts = 0;
    for (int i = 0; i < n; i++) {
        std::string dish;
        std::cin >> dish;
        if (dish == "tiramisu") {
            desserts++;
        } else {
            dishes.insert(dish);
        }
    }
    std::cout << dishes.size() + desserts << "\n";
}
