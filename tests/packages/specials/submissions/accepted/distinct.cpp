#include <iostream>
#include <set>
#include <string>

int main() {
    int n;
    std::cin >> n;
    std::set<std::string> dishes;
    for (int i = 0; i < n; i++) {
        std::string dish;
        std::cin >> dish;
        dishes.insert(dish);
    }
    std::cout << dishes.size() << "\n";
}
